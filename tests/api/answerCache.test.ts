// The answer cache (server/http/answerCache.ts) on both databases: a repeated list is answered
// from it, and nothing written, through a call or straight in SQL, is ever hidden by it. On
// PostgreSQL, a commit of another process reaches this one's count through NOTIFY.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bankResource } from '../../contract/bank';
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

it('a failed write leaves the count changed all the same (a COMMIT that errs may have committed)', async () => {
  const w = s.db.writes();
  await expect(s.db.transaction(async (tx) => tx.query('select * from no_such_table'))).rejects.toThrow();
  expect(s.db.writes()).not.toBe(w);
});

// PostgreSQL only: PGlite's folder belongs to one process (server/db/lock.ts), so no other can commit.
it.skipIf(process.env.TEST_DB !== 'postgres')(
  'on PostgreSQL, a commit of another process changes the count here',
  async () => {
    const other = await openDb({ databaseUrl: s.databaseUrl });
    try {
      const w = s.db.writes();
      await other.transaction((tx) => tx.query("update banks set name = name || '' where false"));
      await expect.poll(() => s.db.writes(), { timeout: 5000 }).not.toBe(w);
      // Its own commits it counts once, not again when its own NOTIFY comes back.
      const mine = other.writes();
      await other.transaction((tx) => tx.query('select 1'));
      await new Promise((r) => setTimeout(r, 200));
      expect(other.writes()).toBe(mine + 1);
    } finally {
      await other.close();
    }
  },
);
