// Lists at scale (server/repositories/crud.ts, migration 014) on both databases: no exact
// count past COUNT_CAP, or FILTERED_COUNT_CAP searched or filtered (the pagination says at_least or about), and the next page found
// after the last row shown (`after`) is exactly the page OFFSET would give, ties included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerResource } from '@contract/offer';
import { COUNT_CAP, FILTERED_COUNT_CAP } from '../../server/repositories/crud';
import { opCalls } from '../helpers/ops';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const { ok } = opCalls(() => s);
const list = offerResource.ops.list;
const MANY = COUNT_CAP + 150;

beforeAll(async () => {
  s = await startTestServer();
  // One statement: every row has the same created_at, and titles repeat, so only the id breaks ties.
  await s.db.query(
    `insert into offers (title, discount, valid_from, valid_to, from_source)
     select 'Offer ' || (g % 7), '5%', '2026-01-01', '2027-01-01', case when g <= 120 then 'few' else 'manual' end from generate_series(1, $1) g`,
    [MANY],
  );
  await s.db.query('analyze offers');
});
afterAll(() => s?.close());

const page = (query: Record<string, unknown>, body: Record<string, unknown> = {}) =>
  ok(list, { query: { per_page: 50, ...query }, body });
const ids = (res: { data: { id: number }[] }) => res.data.map((r) => r.id);

describe('counting', () => {
  it('counts exactly up to the cap', async () => {
    const res = await page({ page: 1 }, { from_source: 'few' });
    expect(res.pagination).toMatchObject({ total: 120, last_page: 3 });
    expect(res.pagination.total_is).toBeUndefined();
  });

  it('past the cap: "at least" with a filter, "about" the table size without one; the pages go on while full', async () => {
    const filtered = await page({ page: 1 }, { state: 'live' });
    expect(filtered.pagination).toMatchObject({ total: FILTERED_COUNT_CAP, total_is: 'at_least' });
    const all = await page({ page: 1 });
    expect(all.pagination.total_is).toBe('about');
    expect(all.pagination.total).toBeGreaterThan(COUNT_CAP);
    // "Select all matching" counts exactly what the list only says is "1,000+".
    expect((await ok(offerResource.ops.count!, { body: { where: { state: 'live' } } })).data.count).toBe(MANY);
    const last = await page({ page: Math.ceil(MANY / 50) + 5 });
    expect(last.data).toEqual([]);
    expect(last.pagination.last_page).toBe(last.pagination.page);
  });
});

describe('the count when asked (contract/envelope.ts ListCount)', () => {
  it('count=false reads one row past the page: has_more says whether another follows, total only what was seen', async () => {
    const first = await page({ page: 1, count: 'false' }, { state: 'live' });
    expect(first.data).toHaveLength(50);
    expect(first.pagination).toMatchObject({ total: 50, total_is: 'at_least', has_more: true, last_page: 2 });
    const few = await page({ page: 3, count: 'false' }, { from_source: 'few' });
    expect(few.data).toHaveLength(20);
    expect(few.pagination).toMatchObject({ total: 120, has_more: false, last_page: 3 });
    expect(few.pagination.total_is).toBeUndefined();
    // A page exactly full with nothing after it: no more, though full.
    const exact = await page({ page: 1, per_page: 120, count: 'false' }, { from_source: 'few' });
    expect(exact.pagination).toMatchObject({ total: 120, has_more: false });
  });

  it('count=only answers the count of page 1 and no rows; counted pages carry has_more too', async () => {
    const counted = await page({ page: 1 }, { from_source: 'few' });
    const only = await page({ page: 2, count: 'only' }, { from_source: 'few' });
    expect(only.data).toEqual([]);
    expect(only.pagination).toMatchObject({ total: 120, last_page: 3, has_more: true });
    expect(counted.pagination).toMatchObject({ total: 120, last_page: 3, has_more: true });
    const capped = await page({ count: 'only' }, { state: 'live' });
    expect(capped.pagination).toMatchObject({ total: FILTERED_COUNT_CAP, total_is: 'at_least' });
    const all = await page({ count: 'only' });
    expect(all.pagination.total_is).toBe('about');
  });

  it('refuses another count naming the field', async () => {
    const res = await s.call({
      method: 'POST',
      url: `/admin/v1/all_offer?count=maybe`,
      headers: s.adminAuth,
      payload: {},
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('count');
  });
});

describe('fields= (server/http/fieldSelection.ts)', () => {
  const call = (q: string) =>
    s.call({ method: 'POST', url: `/admin/v1/all_offer?per_page=3&${q}`, headers: s.adminAuth, payload: {} });

  it('answers the fields named, in the row’s order, with the same values', async () => {
    const whole = (await call('sort=title')).json();
    const cut = await call('sort=title&fields=title,id,bank_names');
    expect(cut.statusCode).toBe(200);
    const body = cut.json();
    expect(body.pagination).toEqual(whole.pagination);
    expect(body.data).toHaveLength(3);
    for (const [i, r] of body.data.entries()) {
      expect(Object.keys(r)).toEqual(['id', 'title', 'bank_names']);
      expect(r).toEqual({ id: whole.data[i].id, title: whole.data[i].title, bank_names: whole.data[i].bank_names });
    }
    // Asked again (a kept answer, when the cache keeps it): the same cut.
    expect((await call('sort=title&fields=title,id,bank_names')).json()).toEqual(body);
  });

  it('refuses an unknown field with 422 naming fields and the field', async () => {
    const res = await call('fields=id,password_hash,nope');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.fields[0]).toContain('password_hash, nope');
    const malformed = await call('fields=id;drop');
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)).toContain('fields');
  });
});

describe('the page after a row', () => {
  for (const sort of ['-created_at', 'title', '-valid_to']) {
    it(`is the page OFFSET gives, sorted by ${sort}, ties broken by id`, async () => {
      const byOffset = [
        await page({ page: 1, sort }),
        await page({ page: 2, sort }),
        await page({ page: 3, sort }),
      ].map(ids);
      const first = await page({ page: 1, sort });
      const second = await page({ page: 2, sort, after: ids(first).at(-1) });
      const third = await page({ page: 3, sort, after: ids(second).at(-1) });
      expect([ids(first), ids(second), ids(third)]).toEqual(byOffset);
      expect(new Set(byOffset.flat()).size).toBe(150);
    });
  }

  it('after a row deleted meanwhile, the page number decides', async () => {
    const first = await page({ page: 1 }, { from_source: 'few' });
    const gone = ids(first).at(-1)!;
    const expected = ids(await page({ page: 2 }, { from_source: 'few' }));
    await s.db.query('delete from offers where id = $1', [gone]);
    const second = await page({ page: 2, after: gone }, { from_source: 'few' });
    // One row moved up a page when its neighbour went; the rest are the same rows.
    expect(ids(second).slice(0, 48)).toEqual(expected.slice(1, 49));
  });
});
