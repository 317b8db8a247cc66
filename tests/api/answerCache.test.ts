// The answer cache (server/http/answerCache.ts) on both databases: a repeated list is answered
// from it, and nothing written, through a call or straight in SQL, is ever hidden by it; a
// write to a table an answer did not read leaves it kept (server/db/tableWrites.ts). On
// PostgreSQL, another process's commit is counted by the next call's look (Db.sync).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bankResource } from '@contract/bank';
import { openDb } from '../../server/db/connection';
import { opCalls } from '../helpers/ops';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const { ok } = opCalls(() => s);
const names = async () =>
  (await ok(bankResource.ops.list, { query: { per_page: 100, sort: 'name' } })).data.map(
    (b: { name: string }) => b.name,
  );

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

it('a write shows in the next list at once, whichever way it was made', async () => {
  const before = await names();
  expect(await names()).toEqual(before);
  const added = await ok(bankResource.ops.add!, { body: { name: 'Quillon Bank', code: 'QLLN' } });
  expect(await names()).toContain('Quillon Bank');
  await s.db.query('update banks set name = $1 where id = $2', ['Quillon Savings', added.data.id]);
  const after = await names();
  expect(after).toContain('Quillon Savings');
  expect(after).not.toContain('Quillon Bank');
});

it('an answer is stale after a write to a table it read, and only then', async () => {
  const { value, tables } = await s.db.reading(() =>
    s.db.read((tx) => tx.query('select id from offers_view order by id limit 1')),
  );
  expect(value.rows.length).toBeLessThanOrEqual(1);
  // The view's tables, among them the offers themselves and their list rows (the names and
  // ids of their links, kept by triggers: migration 029_offer_list_rows.sql).
  expect(tables).toEqual(expect.arrayContaining(['offers', 'offer_list_rows']));
  expect(tables).not.toContain('presence');
  const stamp = s.db.stamp();
  await s.db.query('update dubai_cities set name = name where false'); // a statement trigger fires on no rows too
  expect(s.db.unchanged(stamp, tables)).toBe(true);
  expect(s.db.unchanged(stamp, ['dubai_cities'])).toBe(false);
  const again = s.db.stamp();
  await s.db.query('update offers set title = title where id = -1');
  expect(s.db.unchanged(again, tables)).toBe(false);
  // A write to a card link is one to the list rows its trigger keeps: stale too.
  const third = s.db.stamp();
  await s.db.query('update offer_cards set card_id = card_id where false');
  expect(s.db.unchanged(third, tables)).toBe(false);
});

it('a failed write changes nothing it did not commit', async () => {
  const stamp = s.db.stamp();
  await expect(
    s.db.transaction(async (tx) => {
      await tx.query('update banks set name = name where false');
      await tx.query('select * from no_such_table');
    }),
  ).rejects.toThrow();
  expect(s.db.unchanged(stamp, ['banks'])).toBe(true);
});

it('a presence heartbeat keeps a kept list', async () => {
  await names();
  const stamp = s.db.stamp();
  await s.db.query('update presence set expires_at = expires_at where false');
  expect(s.db.unchanged(stamp, ['banks'])).toBe(true);
});

// PostgreSQL only: PGlite's folder belongs to one process (server/db/lock.ts), so no other can commit.
it.skipIf(process.env.TEST_DB !== 'postgres')(
  "on PostgreSQL, another process's commit is counted here by the next sync, without waiting for its notice",
  async () => {
    const other = await openDb({ databaseUrl: s.databaseUrl });
    try {
      for (let round = 0; round < 10; round++) {
        const stamp = s.db.stamp();
        await other.transaction((tx) => tx.query("update banks set name = name || '' where false"));
        await s.db.sync();
        expect(s.db.unchanged(stamp, ['banks'])).toBe(false);
        expect(s.db.unchanged(stamp, ['dubai_cities'])).toBe(true);
      }
    } finally {
      await other.close();
    }
  },
);
