// Search text is kept by the database: renaming a record changes how every record that
// shows its name is found (cards, outlets and offers), whoever writes the change (the API
// or plain SQL). Each test makes its own records with made-up names and stands alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function api(method: Method, url: string, payload?: unknown) {
  const r = await s.call({ method, url, headers: s.adminAuth, payload: payload as object });
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
  return r.json();
}

const add = async (path: string, body: object): Promise<number> =>
  (await api('POST', `/admin/v1/${path}`, body)).data.id;

/** Ids of the cards, outlets and offers a search finds. */
const cardsFound = async (query: string): Promise<number[]> =>
  (await api('POST', '/admin/v1/all_card', { query, per_page: 100 })).data.map((r: { id: number }) => r.id);
const outletsFound = async (query: string): Promise<number[]> =>
  (await api('GET', `/admin/v1/outlets?per_page=100&query=${encodeURIComponent(query)}`)).data.map(
    (r: { id: number }) => r.id,
  );
const offersFound = async (query: string): Promise<number[]> =>
  (await api('POST', '/admin/v1/all_offer', { query, per_page: 100 })).data.map((r: { id: number }) => r.id);

async function area(name: string): Promise<number> {
  return (await s.db.query<{ id: number }>('insert into dubai_cities (name) values ($1) returning id', [name])).rows[0]
    .id;
}

/** A bank, a network and a card of theirs, each named by its own made-up word. */
async function card(names: { bank: string; code: string; network: string; card: string }, extra: object = {}) {
  const bank = await add('add_bank', { name: `${names.bank} Bank`, code: names.code });
  const network = await add('add_network', { type: `${names.network} Pay` });
  const id = await add('add_card', { name: `${names.card} Platinum`, bank_id: bank, network_id: network, ...extra });
  return { bank, network, id };
}

const offer = (title: string, extra: object = {}) =>
  add('add_offer', { title, discount: '10% off', valid_from: '2026-01-01', valid_to: '2027-01-01', ...extra });

describe('search text follows the names a record shows', () => {
  it('renaming a bank: its cards and their offers are found by the new name, not the old', async () => {
    const c = await card({ bank: 'Quillfeather', code: 'QLFB', network: 'Ashgrove', card: 'Lanternfish' });
    const o = await offer('Bank rename offer', { card_ids: [c.id] });
    expect(await cardsFound('quillfeather')).toContain(c.id);
    expect(await offersFound('qlfb')).toContain(o);

    await api('POST', `/admin/v1/update_bank/${c.bank}`, { name: 'Marrowvale Bank', code: 'MRWV', version: 1 });
    expect(await cardsFound('marrowvale')).toContain(c.id);
    expect(await cardsFound('mrwv lanternfish')).toContain(c.id);
    expect(await offersFound('marrowvale')).toContain(o);
    expect(await offersFound('mrwv lanternfish')).toContain(o);
    expect(await cardsFound('quillfeather')).not.toContain(c.id);
    expect(await cardsFound('qlfb')).not.toContain(c.id);
    expect(await offersFound('quillfeather')).not.toContain(o);
    expect(await offersFound('qlfb')).not.toContain(o);
  });

  it('renaming a network: its cards are found by the new type, not the old', async () => {
    const c = await card({ bank: 'Cobbleridge', code: 'CBRG', network: 'Brindlewick', card: 'Mossgate' });
    expect(await cardsFound('brindlewick')).toContain(c.id);

    await api('PUT', `/admin/v1/update_network/${c.network}`, { type: 'Ospreyline', version: 1 });
    expect(await cardsFound('ospreyline mossgate')).toContain(c.id);
    expect(await cardsFound('brindlewick')).not.toContain(c.id);
  });

  it('renaming a category: its cards, outlets and offers are found by the new name, not the old', async () => {
    const category = await add('add_categories', { name: 'Glimmerfen' });
    const c = await card(
      { bank: 'Tassenburg', code: 'TSBG', network: 'Wrenfold', card: 'Hearthlow' },
      { category_id: category },
    );
    const outlet = await add('add_outlet', { merchant_name: 'Tassenburg Bakery', category_id: category });
    const o = await offer('Category rename offer', { category_id: category });
    expect(await cardsFound('glimmerfen')).toContain(c.id);
    expect(await outletsFound('glimmerfen')).toContain(outlet);
    expect(await offersFound('glimmerfen')).toContain(o);

    await api('POST', `/admin/v1/update_categories/${category}`, { name: 'Vostrelle', version: 1 });
    expect(await cardsFound('vostrelle')).toContain(c.id);
    expect(await outletsFound('vostrelle')).toContain(outlet);
    expect(await offersFound('vostrelle')).toContain(o);
    expect(await cardsFound('glimmerfen')).not.toContain(c.id);
    expect(await outletsFound('glimmerfen')).not.toContain(outlet);
    expect(await offersFound('glimmerfen')).not.toContain(o);
  });

  it('renaming a card: its offers are found by the new name, not the old', async () => {
    const c = await card({ bank: 'Orrinshaw', code: 'ORSH', network: 'Fallowmere', card: 'Pemberdusk' });
    const o = await offer('Card rename offer', { card_ids: [c.id] });
    expect(await offersFound('pemberdusk')).toContain(o);

    await api('POST', `/admin/v1/update_card/${c.id}`, { name: 'Saltmarrow Titanium', version: 1 });
    expect(await offersFound('saltmarrow orrinshaw')).toContain(o);
    expect(await offersFound('pemberdusk')).not.toContain(o);
  });

  it('renaming an outlet: its offers are found by the new merchant, not the old', async () => {
    const outlet = await add('add_outlet', { merchant_name: 'Kettlewhorl Grill' });
    const o = await offer('Outlet rename offer', { outlet_ids: [outlet] });
    expect(await offersFound('kettlewhorl')).toContain(o);

    await api('POST', `/admin/v1/update_outlet/${outlet}`, { merchant_name: 'Dravenmoor Kitchen', version: 1 });
    expect(await offersFound('dravenmoor')).toContain(o);
    expect(await offersFound('kettlewhorl')).not.toContain(o);
  });

  it('renaming a Dubai area in SQL: its outlets and their offers are found by the new name, not the old', async () => {
    const areaId = await area('Zephyrine Heights');
    const outlet = await add('add_outlet', { merchant_name: 'Corvath Coffee', area_id: areaId });
    const o = await offer('Area rename offer', { outlet_ids: [outlet] });
    expect(await outletsFound('zephyrine')).toContain(outlet);
    expect(await offersFound('zephyrine')).toContain(o);

    await s.db.query('update dubai_cities set name = $1 where id = $2', ['Umbral Creekside', areaId]);
    expect(await outletsFound('umbral corvath')).toContain(outlet);
    expect(await offersFound('umbral corvath')).toContain(o);
    expect(await outletsFound('zephyrine')).not.toContain(outlet);
    expect(await offersFound('zephyrine')).not.toContain(o);
  });

  it("linking a card to an offer makes it findable by the card's bank, unlinking undoes it", async () => {
    const c = await card({ bank: 'Fennimore', code: 'FNMR', network: 'Larkspire', card: 'Bramblecoat' });
    const o = await offer('Link and unlink offer');
    expect(await offersFound('fennimore')).not.toContain(o);

    await api('POST', `/admin/v1/update_offer/${o}`, { card_ids: [c.id], version: 1 });
    expect(await offersFound('fennimore')).toContain(o);

    await api('POST', `/admin/v1/update_offer/${o}`, { card_ids: [], version: 2 });
    expect(await offersFound('fennimore')).not.toContain(o);
  });

  it('links written in SQL, many at once, refresh every offer they touch', async () => {
    const c = await card({ bank: 'Hollowquay', code: 'HLQY', network: 'Stormbrae', card: 'Ivywarden' });
    const outlet = await add('add_outlet', { merchant_name: 'Tidewrack Fish Market' });
    const offers = [await offer('Bulk link one'), await offer('Bulk link two'), await offer('Bulk link three')];
    await s.db.query('insert into offer_cards (offer_id, card_id) select unnest($1::int[]), $2', [offers, c.id]);
    await s.db.query('insert into offer_outlets (offer_id, outlet_id) select unnest($1::int[]), $2', [offers, outlet]);
    expect((await offersFound('hollowquay')).sort()).toEqual([...offers].sort());
    expect((await offersFound('tidewrack')).sort()).toEqual([...offers].sort());

    // Deleting the card deletes its links (on delete cascade), and so its words.
    await api('DELETE', `/admin/v1/delete_card?card_id=${c.id}`);
    expect(await offersFound('hollowquay')).toEqual([]);
    expect((await offersFound('tidewrack')).sort()).toEqual([...offers].sort());
  });

  it('banks, categories, networks, users, areas and radii keep their own search text', async () => {
    const bank = await add('add_bank', { name: 'Élodie Crédit', code: 'ELOD' });
    const category = await add('add_categories', { name: 'Café Lumière' });
    const network = await add('add_network', { type: 'Nordström' });
    const user = await add('add_user', { name: 'Zoë Ångström', email: 'zoe@example.ae', phone: '+971 50 123 4567' });
    const areaId = await area('Qasr Ümbriel');
    const radius = await add('outlet_radius', { label: '12 km', kilometres: 12 });
    const text = async (table: string, id: number) =>
      (await s.db.query<{ t: string }>(`select search_text as t from ${table} where id = $1`, [id])).rows[0].t;
    expect(await text('banks', bank)).toBe('elodie credit elod');
    expect(await text('categories', category)).toBe('cafe lumiere');
    expect(await text('networks', network)).toBe('nordstrom');
    expect(await text('users', user)).toBe('zoe angstrom zoe@example.ae +971 50 123 4567');
    expect(await text('dubai_cities', areaId)).toBe('qasr umbriel');
    expect(await text('outlet_radius', radius)).toBe('12 km');

    await api('POST', `/admin/v1/update_bank/${bank}`, { code: 'ELDC', version: 1 });
    expect(await text('banks', bank)).toBe('elodie credit eldc');
  });
});
