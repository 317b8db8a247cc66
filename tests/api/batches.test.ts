// Long writes in short transactions, all or nothing (server/services/batches.ts): other
// calls answer while a big import runs, a batch that fails or is abandoned is never seen.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inBatch, removeAbandonedBatches } from '../../server/services/batches';
import { insertMany } from '../../server/repositories/bulk';
import { offerResource } from '@contract/offer';
import { multipart, startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const offer = (i: number) => ({
  title: `Batch offer ${i}`,
  discount: '10% off',
  valid_from: '2026-01-01',
  valid_to: '2027-01-01',
  from_source: 'manual',
});
const visible = async () =>
  (
    await s.call({
      method: 'POST',
      url: '/admin/v1/all_offer',
      headers: s.adminAuth,
      payload: { query: 'batch offer' },
    })
  ).json().pagination.total as number;
const stored = async () =>
  Number(
    (await s.db.query<{ n: number }>("select count(*)::int as n from offers where title like 'Batch offer %'")).rows[0]
      .n,
  );

it('shows none of a batch until it is done, and removes every row of one that fails', async () => {
  let seenMidway = -1;
  await expect(
    inBatch(s.db, 'test', null, async (batch) => {
      await batch.piece((tx) => insertMany(tx, offerResource, [offer(1), offer(2)], batch.id));
      await batch.piece((tx) => insertMany(tx, offerResource, [offer(3)], batch.id));
      seenMidway = await visible();
      throw new Error('the writer fails half-way');
    }),
  ).rejects.toThrow('the writer fails half-way');
  expect(seenMidway).toBe(0);
  expect(await visible()).toBe(0);
  expect(await stored()).toBe(0);

  await inBatch(s.db, 'test', null, async (batch) => {
    await batch.piece((tx) => insertMany(tx, offerResource, [offer(4), offer(5)], batch.id));
    return { result: null, rows: 2 };
  });
  expect(await visible()).toBe(2);
});

it('never shows the rows of a batch whose writer died, and removes them later', async () => {
  // What a crash leaves: a pending batch with rows, nobody to finish it.
  const { rows } = await s.db.query<{ id: number }>(
    "insert into write_batches (kind, updated_at) values ('crashed', now() - interval '1 hour') returning id",
  );
  const batch = rows[0].id;
  const crashed = (i: number) => ({ ...offer(i), title: `Zephyrine crashed offer ${i}` });
  await s.db.transaction((tx) => insertMany(tx, offerResource, [crashed(10), crashed(11), crashed(12)], batch));
  const before = await visible();
  const id = Number(
    (await s.db.query<{ id: number }>("select id from offers where title = 'Zephyrine crashed offer 10'")).rows[0].id,
  );
  expect((await s.call({ method: 'GET', url: `/admin/v1/show_offer?id=${id}`, headers: s.adminAuth })).statusCode).toBe(
    404,
  );
  const search = (await s.call({ method: 'GET', url: '/admin/v1/search?query=zephyrine', headers: s.adminAuth })).json()
    .data;
  expect(search).toEqual([]);
  expect(await removeAbandonedBatches(s.db, 60_000)).toBe(1);
  expect(await visible()).toBe(before);
  expect(
    Number(
      (await s.db.query<{ n: number }>('select count(*)::int as n from offers where batch_id = $1', [batch])).rows[0].n,
    ),
  ).toBe(0);
});

it('keeps answering other calls while a big import runs', async () => {
  const rows = ['title,discount,valid_from,valid_to'];
  for (let i = 0; i < 3000; i++) rows.push(`Long import offer ${i},5% off,2026-01-01,2027-01-01`);
  const form = multipart({
    type: 'offers',
    file: { filename: 'big.csv', type: 'text/csv', data: Buffer.from(rows.join('\n')) },
  });
  let importDone = 0;
  const importing = s
    .call({
      method: 'POST',
      url: '/admin/v1/add_csv',
      headers: { ...s.adminAuth, ...form.headers },
      payload: form.payload,
    })
    .then((r) => {
      importDone = performance.now();
      return r;
    });
  // Let the import start, then ask for the health and a list while it writes.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const health = await s.call({ method: 'GET', url: '/health' });
  const answered = performance.now();
  const res = await importing;
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.imported).toBe(3000);
  expect(health.statusCode).toBe(200);
  // On PGlite's one connection this holds only because the import writes in short pieces.
  expect(importDone === 0 || answered < importDone).toBe(true);
});

it('writes an imported offer’s search text as the database’s own function computes it, links included', async () => {
  const bank = (
    await s.db.query<{ id: number }>("insert into banks (name, code) values ('Batch Words Bank', 'BWB') returning id")
  ).rows[0].id;
  const network = (await s.db.query<{ id: number }>("insert into networks (type) values ('Batchnet') returning id"))
    .rows[0].id;
  const card = (
    await s.db.query<{ id: number }>('insert into cards (name, bank_id, network_id) values ($1, $2, $3) returning id', [
      'Words Card',
      bank,
      network,
    ])
  ).rows[0].id;
  const outlet = (
    await s.db.query<{ id: number }>("insert into outlets (merchant_name) values ('Words Merchant') returning id")
  ).rows[0].id;
  await inBatch(s.db, 'test', null, async (batch) => {
    await batch.piece((tx) =>
      insertMany(
        tx,
        offerResource,
        [
          { ...offer(20), card_ids: [card], outlet_ids: [outlet] },
          { ...offer(21), from_source: undefined },
        ],
        batch.id,
      ),
    );
    return { result: null, rows: 2 };
  });
  const rows = (
    await s.db.query<{ title: string; ok: boolean; search_text: string }>(
      "select title, search_text, search_text = offer_search_text(o) as ok from offers o where title in ('Batch offer 20', 'Batch offer 21') order by title",
    )
  ).rows;
  expect(rows.map((r) => r.ok)).toEqual([true, true]);
  expect(rows[0].search_text).toContain('words card');
  expect(rows[0].search_text).toContain('words merchant');
  expect(rows[1].search_text).toContain('manual');
});
