// A per-row change (contract/bulk.ts `updateEach`): many records, each to values of its own
// (a column pasted from a spreadsheet into a table), each from the version it was read at, in
// one transaction, undone as one step; refused whole, with nothing changed, when one row is
// stale, missing or invalid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardResource } from '@contract/card';
import { eachFields } from '@contract/bulk';
import { offerResource } from '@contract/offer';
import { userResource } from '@contract/user';
import { opCalls } from '../helpers/ops';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const { call, ok, one } = opCalls(() => s);
const offer = offerResource.ops;
const ids: Record<string, number> = {};

let serial = 0;
const newOffer = (title: string) =>
  one(
    "insert into offers (title, discount, valid_from, valid_to) values ($1, '10%', '2026-01-01', '2026-12-31') returning id",
    [`${title} ${++serial}`],
  );
const rowsOf = async (list: number[]) =>
  (
    await s.db.query<{ id: number; title: string; category_id: number | null; version: number }>(
      'select id, title, category_id, version from offers where id = any($1) order by id',
      [list],
    )
  ).rows;
const offersTable = async () =>
  (await s.db.query('select id, title, category_id, version from offers order by id')).rows;

beforeAll(async () => {
  s = await startTestServer();
  ids.dining = await one("insert into categories (name) values ('Each Dining') returning id");
  ids.travel = await one("insert into categories (name) values ('Each Travel') returning id");
});
afterAll(() => s?.close());

describe('setting many records to values of their own', () => {
  it('offers the update fields a record shows as one value: no links, files or passwords', () => {
    expect(eachFields(offerResource)).toEqual([
      'title',
      'discount',
      'valid_from',
      'valid_to',
      'category_id',
      'description',
      'terms',
      'from_source',
    ]);
    expect(eachFields(userResource)).not.toContain('password');
    expect(eachFields(cardResource)).toContain('display');
  });

  it('writes each row with its version in one call; its undo sets every row back as one step', async () => {
    const list = [await newOffer('Each A'), await newOffer('Each B'), await newOffer('Each C')];
    const before = await rowsOf(list);
    const res = await ok(offer.updateEach!, {
      body: {
        rows: [
          { id: list[0], version: before[0].version, set: { category_id: ids.dining } },
          { id: list[1], version: before[1].version, set: { category_id: ids.travel } },
          { id: list[2], version: before[2].version, set: { category_id: ids.dining, title: 'Each C renamed' } },
        ],
      },
    });
    expect(res).toMatchObject({ message: 'Updated 3 offers.', data: { count: 3 } });
    const after = await rowsOf(list);
    expect(after.map((r) => [r.category_id, r.version])).toEqual([
      [ids.dining, before[0].version + 1],
      [ids.travel, before[1].version + 1],
      [ids.dining, before[2].version + 1],
    ]);
    expect(after[2].title).toBe('Each C renamed');
    // The list names the new categories (the view joins them).
    const listed = await ok(offer.show!, { query: { id: list[1] } });
    expect(listed.data.category_name).toBe('Each Travel');

    expect(await ok(offer.undo!, { body: { token: res.data.undo } })).toMatchObject({ data: { count: 3 } });
    const undone = await rowsOf(list);
    expect(undone.map((r) => [r.title, r.category_id])).toEqual(before.map((r) => [r.title, r.category_id]));
    // An undo moves versions on (as a bulk change's does): an edit started before it is stale.
    expect(undone.map((r) => r.version)).toEqual(before.map((r) => r.version + 2));
  });

  it('refuses them all when one row was changed since it was read, naming it, and changes nothing', async () => {
    const list = [await newOffer('Each Fresh'), await newOffer('Each Stale')];
    const before = await rowsOf(list);
    await s.db.query("update offers set title = 'Each Edited meanwhile', version = version + 1 where id = $1", [
      list[1],
    ]);
    const table = await offersTable();
    const res = await call(offer.updateEach!, {
      body: { rows: list.map((id, i) => ({ id, version: before[i].version, set: { category_id: ids.travel } })) },
    });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(
      'Offer “Each Edited meanwhile” was changed by someone else since you loaded it, so nothing was changed. Reload and try again.',
    );
    expect(await offersTable()).toEqual(table);
  });

  it('checks every row like an edit: a bad value names its field, and nothing is written', async () => {
    const list = [await newOffer('Each Valid'), await newOffer('Each Short')];
    const before = await rowsOf(list);
    const table = await offersTable();
    const rows = (short: unknown) => [
      { id: list[0], version: before[0].version, set: { title: 'A fine title' } },
      { id: list[1], version: before[1].version, set: { title: short } },
    ];
    const tooShort = await call(offer.updateEach!, { body: { rows: rows('ab') } });
    expect(tooShort.status).toBe(422);
    expect(Object.keys(tooShort.json.errors).join(' ')).toMatch(/title/);
    // A missing category is the database's refusal, named by its column.
    const missing = await call(offer.updateEach!, {
      body: { rows: [{ id: list[0], version: before[0].version, set: { category_id: 999999 } }] },
    });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.category_id).toBeDefined();
    expect(await offersTable()).toEqual(table);
  });

  it('takes each record once, one field at least, only the fields it lists, and existing records', async () => {
    const id = await newOffer('Each Once');
    const [{ version }] = await rowsOf([id]);
    const table = await offersTable();
    const twice = await call(offer.updateEach!, {
      body: {
        rows: [
          { id, version, set: { title: 'One title' } },
          { id, version, set: { title: 'Another title' } },
        ],
      },
    });
    expect(twice.status).toBe(422);
    expect(twice.json.errors.rows[0]).toMatch(/named twice/);
    expect((await call(offer.updateEach!, { body: { rows: [{ id, version, set: {} }] } })).status).toBe(422);
    expect((await call(offer.updateEach!, { body: { rows: [{ id, version, set: { card_ids: [1] } }] } })).status).toBe(
      422,
    );
    expect((await call(offer.updateEach!, { body: { rows: [] } })).status).toBe(422);
    const gone = await call(offer.updateEach!, {
      body: {
        rows: [
          { id, version, set: { title: 'Still here' } },
          { id: 2147483000, version: 1, set: { title: 'Never was' } },
        ],
      },
    });
    expect(gone.status).toBe(404);
    expect(await offersTable()).toEqual(table);
  });

  it('keeps the rules of an edit: an admin cannot disable their own account this way either', async () => {
    const me = await one<number>("select id from users where email = 'admin@test.example'");
    const version = await one<number>('select version from users where id = $1', [me]);
    const res = await call(userResource.ops.updateEach!, {
      body: { rows: [{ id: me, version, set: { status: 'disabled' } }] },
    });
    expect(res.status).toBe(422);
    expect(await one('select status from users where id = $1', [me])).toBe('active');
  });
});
