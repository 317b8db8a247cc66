// What a delete would do to the rows that use its records (contract/bulk.ts `uses`), on both
// databases: read from the database's own foreign keys for any resource, in words, with the
// delete the server will refuse (a restricting key) told before it is tried, and the answer
// matching what the delete then does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankResource } from '@contract/bank';
import { cardResource } from '@contract/card';
import { categoryResource } from '@contract/category';
import { offerResource } from '@contract/offer';
import type { AnyOp } from '@contract/operation';
import { changedTables, tableChecksums } from '../helpers/checksum';
import { opCalls } from '../helpers/ops';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const { call, ok, one } = opCalls(() => s);
const ids: Record<string, number> = {};
const offers: number[] = [];

beforeAll(async () => {
  s = await startTestServer();
  ids.bank = await one("insert into banks (name, code) values ('Uses Bank', 'UB') returning id");
  ids.otherBank = await one("insert into banks (name, code) values ('Other Uses Bank', 'OUB') returning id");
  ids.emptyBank = await one("insert into banks (name, code) values ('Empty Uses Bank', 'EUB') returning id");
  ids.visa = await one("insert into networks (type) values ('Uses Visa') returning id");
  ids.shopping = await one("insert into categories (name) values ('Uses Shopping') returning id");
  ids.unused = await one("insert into categories (name) values ('Uses Nothing') returning id");
  ids.card = await one(
    "insert into cards (name, bank_id, network_id, category_id) values ('Uses Gold', $1, $2, $3) returning id",
    [ids.bank, ids.visa, ids.shopping],
  );
  ids.card2 = await one("insert into cards (name, bank_id, network_id) values ('Uses Silver', $1, $2) returning id", [
    ids.bank,
    ids.visa,
  ]);
  ids.card3 = await one(
    "insert into cards (name, bank_id, network_id) values ('Other Uses Card', $1, $2) returning id",
    [ids.otherBank, ids.visa],
  );
  for (let i = 0; i < 3; i++) {
    const id = await one(
      "insert into offers (title, discount, valid_from, valid_to, category_id) values ($1, '10%', current_date, current_date + 30, $2) returning id",
      [`Uses offer ${i}`, ids.shopping],
    );
    offers.push(id);
    await s.db.query('insert into offer_cards (offer_id, card_id) values ($1, $2)', [id, ids.card]);
  }
  // Two app users hold the card; the first offer is on the homepage.
  for (let i = 0; i < 2; i++) {
    const user = await one("insert into users (name, email, role) values ($1, $2, 'user') returning id", [
      `Uses holder ${i}`,
      `uses-${i}@test.example`,
    ]);
    await s.db.query('insert into user_cards (user_id, card_id) values ($1, $2)', [user, ids.card]);
  }
  await s.db.query(
    'insert into selected_offers (offer_id, position) values ($1, coalesce((select max(position) from selected_offers), 0) + 1)',
    [offers[0]],
  );
});
afterAll(() => s?.close());

const usesOp = (r: { ops: { uses?: AnyOp } }) => r.ops.uses!;
const usesOf = async (r: { ops: { uses?: AnyOp } }, body: unknown) => (await ok(usesOp(r), { body })).data;

describe('what a delete would do, in words', () => {
  it('a category: the offers and cards that use it lose it (set null), said as the database will do it', async () => {
    const before = await tableChecksums(s.db);
    const answer = await usesOf(categoryResource, { ids: [ids.shopping] });
    expect(answer).toMatchObject({ count: 1, refused: false });
    expect(answer.uses).toEqual([
      {
        table: 'offers',
        column: 'category_id',
        resource: 'offer',
        action: 'unlink',
        count: 3,
        words: '3 offers',
        sentence: '3 offers use it; they will have no category.',
        records: [],
      },
      {
        table: 'cards',
        column: 'category_id',
        resource: 'card',
        action: 'unlink',
        count: 1,
        words: '1 card',
        sentence: '1 card uses it; it will have no category.',
        records: [],
      },
    ]);
    // A read: nothing written.
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });

  it('a bank with cards: the delete will be refused, per bank and in words, before it is tried', async () => {
    const answer = await usesOf(bankResource, { ids: [ids.bank, ids.otherBank, ids.emptyBank] });
    expect(answer.count).toBe(3);
    expect(answer.refused).toBe(true);
    const cards = answer.uses.find((u: { table: string }) => u.table === 'cards');
    expect(cards).toEqual({
      table: 'cards',
      column: 'bank_id',
      resource: 'card',
      action: 'refuse',
      count: 3,
      words: '3 cards',
      sentence: '3 cards use them: delete or move those first.',
      records: [
        { id: ids.bank, count: 2, words: '2 cards' },
        { id: ids.otherBank, count: 1, words: '1 card' },
      ],
    });
    // And the delete is refused indeed.
    expect((await call(bankResource.ops.remove!, { query: { bank_id: ids.bank } })).status).toBe(409);
    expect((await usesOf(bankResource, { ids: [ids.emptyBank] })).refused).toBe(false);
  });

  it('a card: the offers and users linked to it (through link tables) lose the link', async () => {
    const answer = await usesOf(cardResource, { ids: [ids.card] });
    expect(answer.refused).toBe(false);
    const byTable = Object.fromEntries(answer.uses.map((u: { table: string }) => [u.table, u]));
    expect(byTable.offer_cards).toMatchObject({
      resource: 'offer',
      action: 'unlink',
      count: 3,
      words: '3 offers',
      sentence: '3 offers are linked to it; those links go.',
    });
    expect(byTable.user_cards).toMatchObject({
      resource: 'user',
      action: 'unlink',
      count: 2,
      words: '2 users',
      sentence: '2 users are linked to it; those links go.',
    });
  });

  it('an offer: what cascades is deleted with it', async () => {
    const answer = await usesOf(offerResource, { ids: [offers[0]] });
    const selected = answer.uses.find((u: { table: string }) => u.table === 'selected_offers');
    expect(selected).toMatchObject({
      resource: 'selectedOffer',
      action: 'delete',
      count: 1,
      words: '1 selected offer',
      sentence: '1 selected offer will be deleted with it.',
    });
    const cards = answer.uses.find((u: { table: string }) => u.table === 'offer_cards');
    expect(cards).toMatchObject({ resource: 'card', action: 'unlink', count: 1, words: '1 card' });
    // Rows derived from the offer by triggers are nobody's use of it, whatever their keys say.
    expect(answer.uses.map((u: { table: string }) => u.table).sort()).toEqual(
      ['offer_cards', 'selected_offers'].sort(),
    );
  });

  it('a record nothing uses: no uses; unknown ids are not counted', async () => {
    expect(await usesOf(categoryResource, { ids: [ids.unused, 999_999] })).toEqual({
      count: 1,
      refused: false,
      uses: [],
    });
  });

  it("by the list's filter: the records it matches, counted the same", async () => {
    const answer = await usesOf(categoryResource, { where: { query: 'Uses Shopping' } });
    expect(answer.count).toBe(1);
    expect(answer.uses.map((u: { words: string }) => u.words)).toEqual(['3 offers', '1 card']);
  });

  it('refuses a body naming no records, or both ways, naming the field', async () => {
    for (const body of [{}, { ids: [] }, { ids: [ids.shopping], where: {} }]) {
      const res = await call(usesOp(categoryResource), { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json.errors)).toContain('ids');
    }
  });

  it('says what the delete then does: the offers lose their category, and an undo gives it back', async () => {
    const res = await ok(categoryResource.ops.remove!, { query: { category_id: ids.shopping } });
    expect(
      await one('select count(*)::int from offers where id = any($1::int[]) and category_id is null', [offers]),
    ).toBe(3);
    await ok(categoryResource.ops.undo!, { body: { token: res.undo } });
    expect(await one('select count(*)::int from offers where category_id = $1', [ids.shopping])).toBe(3);
  });
});
