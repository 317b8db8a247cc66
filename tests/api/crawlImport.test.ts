// Importing a source's crawl file through the API (contract/crawlSources.ts importCrawl): whole or
// not at all, refs updated by their key on the site, vanished ones marked, decisions kept.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { multipart, startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n');
const FILE = [
  {
    kind: 'card',
    key: 'sky-inf',
    name: 'Skywards  Infinite Credit Card',
    bank: 'Emirates NBD',
    network: 'Visa',
    annual_fee: 1575,
  },
  { kind: 'card', key: 'go4it', name: 'Go4it Gold', bank: 'Emirates NBD', network: 'Visa', annual_fee: 0 },
  {
    kind: 'outlet',
    key: 'shack-dm',
    merchant: 'Shake Shack LLC',
    branch: 'The Dubai Mall',
    area: 'Downtown Dubai',
    latitude: 25.1972,
    longitude: 55.2796,
  },
  {
    kind: 'offer',
    key: 'o-1',
    title: '20% off burgers',
    discount: '20% off',
    valid_from: '2026-01-01',
    valid_to: '2026-12-31',
    cards: ['skywards infinite credit card'],
    outlets: ['shake shack llc the dubai mall'],
  },
  { kind: 'offer', key: 'o-2', title: 'Buy 1 get 1', cards: ['go4it'], outlets: ['Unknown Merchant'] },
];

async function importFile(
  text: string,
  fields: Record<string, string> = { from_source: 'enbd-site', name: 'Emirates NBD website' },
) {
  const form = multipart({
    ...fields,
    file: { filename: 'crawl.jsonl', type: 'application/x-ndjson', data: Buffer.from(text) },
  });
  return s.call({
    method: 'POST',
    url: '/admin/v1/crawl_data/import',
    headers: { ...s.adminAuth, ...form.headers },
    payload: form.payload,
  });
}
const refs = async (table: string) =>
  (
    await s.db.query<Record<string, unknown>>(
      `select r.* from ${table} r join crawl_sources c on c.id = r.source_id where c.from_source = 'enbd-site' order by r.source_key`,
    )
  ).rows;

it('imports a file: the source with its counts, every ref, offer names resolved to this source’s refs', async () => {
  const res = await importFile(jsonl(FILE));
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.message).toBe('Imported Emirates NBD website: 5 new, 0 updated, 0 gone from the site.');
  expect(body.data).toMatchObject({
    added: 5,
    updated: 0,
    vanished: 0,
    source: { from_source: 'enbd-site', name: 'Emirates NBD website', reviewed_at: null },
  });
  expect(body.data.source.counts.card).toMatchObject({ new: 2, assigned: 0 });
  expect(body.data.source.counts.offer.new).toBe(2);

  const cards = await refs('crawl_cards');
  const outlets = await refs('crawl_outlets');
  const offers = await refs('crawl_offers');
  expect(cards.map((c) => c.name)).toEqual(['Go4it Gold', 'Skywards  Infinite Credit Card']);
  expect(offers[0]).toMatchObject({
    source_key: 'o-1',
    card_ref_ids: [cards[1].id],
    outlet_ref_ids: [outlets[0].id],
    valid_from: '2026-01-01',
  });
  // A name the source has no ref for resolves to nothing (onboarding links what it can).
  expect(offers[1]).toMatchObject({ source_key: 'o-2', card_ref_ids: [cards[0].id], outlet_ref_ids: [] });
});

it('imports the same file again: nothing new, nothing duplicated', async () => {
  const res = await importFile(jsonl(FILE));
  expect(res.json().data).toMatchObject({ added: 0, updated: 0, vanished: 0 });
  expect(await refs('crawl_cards')).toHaveLength(2);
});

it('updates refs by their key, marks the ones gone from the site, brings back the ones that return, keeps decisions', async () => {
  await s.db.query("update crawl_cards set state = 'skipped' where source_key = 'go4it'");
  const changed = FILE.filter((r) => r.key !== 'o-2').map((r) => (r.key === 'go4it' ? { ...r, annual_fee: 250 } : r));
  const res = await importFile(jsonl(changed), { from_source: 'enbd-site' });
  expect(res.json().data).toMatchObject({ added: 0, updated: 1, vanished: 1 });
  expect(res.json().data.source.name).toBe('Emirates NBD website'); // kept when the call names none
  const go4it = (await refs('crawl_cards')).find((c) => c.source_key === 'go4it')!;
  expect(go4it).toMatchObject({ annual_fee: 250, state: 'skipped' });
  expect((await refs('crawl_offers')).find((o) => o.source_key === 'o-2')!.vanished_at).not.toBeNull();

  const back = await importFile(jsonl(FILE), { from_source: 'enbd-site' });
  expect(back.json().data).toMatchObject({ added: 0, updated: 2, vanished: 0 });
  expect((await refs('crawl_offers')).every((o) => o.vanished_at === null)).toBe(true);
});

it('resolves each name to every ref it matches: by name (case, accents, spacing aside), "merchant branch" or key; vanished offers too', async () => {
  const file = [
    { kind: 'card', key: 'plat', name: 'Platinum Card' },
    { kind: 'card', key: 'gold', name: 'Gold Card' },
    { kind: 'outlet', key: 'cafe-1', merchant: 'Café Nero', branch: 'Marina' },
    { kind: 'outlet', key: 'cafe-2', merchant: 'Café Nero', branch: 'Mall' },
    { kind: 'outlet', key: 'deli', merchant: 'Deli', branch: null },
    { kind: 'offer', key: 'a', title: 'A', cards: ['PLATINUM  card', 'gold', 'Gold Card'], outlets: ['cafe nero'] },
    { kind: 'offer', key: 'b', title: 'B', cards: ['Nothing'], outlets: ['CAFÉ NERO MALL', 'deli', 'Deli'] },
  ];
  const at = (source: string) => importFile(jsonl(file), { from_source: source });
  expect((await at('resolve-site')).statusCode).toBe(200);
  const rows = async () =>
    (
      await s.db.query<{ key: string; cards: string[] | null; outlets: string[] | null; vanished: boolean }>(
        `select o.source_key as key, o.vanished_at is not null as vanished,
                (select array_agg(c.source_key order by c.id) from crawl_cards c where c.id = any(o.card_ref_ids)) as cards,
                (select array_agg(t.source_key order by t.id) from crawl_outlets t where t.id = any(o.outlet_ref_ids)) as outlets
         from crawl_offers o join crawl_sources s on s.id = o.source_id where s.from_source = 'resolve-site' order by o.source_key`,
      )
    ).rows;
  expect(await rows()).toEqual([
    { key: 'a', vanished: false, cards: ['plat', 'gold'], outlets: ['cafe-1', 'cafe-2'] },
    { key: 'b', vanished: false, cards: null, outlets: ['cafe-2', 'deli'] },
  ]);
  // Offer b gone from the site and the gold card renamed: b keeps what its names still match.
  const again = file.filter((r) => r.key !== 'b').map((r) => (r.key === 'gold' ? { ...r, name: 'Golden Card' } : r));
  expect((await importFile(jsonl(again), { from_source: 'resolve-site' })).statusCode).toBe(200);
  expect(await rows()).toEqual([
    { key: 'a', vanished: false, cards: ['plat', 'gold'], outlets: ['cafe-1', 'cafe-2'] },
    { key: 'b', vanished: true, cards: null, outlets: ['cafe-2', 'deli'] },
  ]);
});

it('takes CSV too, with | between list items', async () => {
  const csv = [
    'kind,key,name,bank,merchant,title,cards,outlets',
    'card,c1,Visa Signature,FAB,,,,',
    'outlet,t1,,,Five Guys,,,',
    'offer,f1,,,,15% off,Visa Signature,Five Guys|Nobody',
  ].join('\n');
  const res = await importFile(csv, { from_source: 'fab-site' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toMatchObject({ added: 3, source: { from_source: 'fab-site', name: 'fab-site' } });
});

it('refuses a bad file, naming its lines, and writes nothing', async () => {
  const before = await tableChecksums(s.db);
  const res = await importFile(jsonl([...FILE, { kind: 'card', key: 'x' }, { kind: 'banner', key: 'y' }]));
  expect(res.statusCode).toBe(422);
  expect(res.json().errors.file).toEqual([
    '2 lines have errors; nothing was imported.',
    'Line 6: name is required for a card.',
    'Line 7: kind must be one of card, outlet, offer.',
  ]);
  expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
});

it('refuses a line nested 6,000 deep with a 422 naming its line and field, not a 500', async () => {
  const deep = `{"kind":"offer","key":"deep","title":"T","terms":${'['.repeat(6000)}"x"${']'.repeat(6000)}}`;
  const res = await importFile([JSON.stringify(FILE[0]), deep].join('\n'), { from_source: 'deep-site' });
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().errors.file).toEqual([
    '1 line has errors; nothing was imported.',
    'Line 2: terms must be text, not a list.',
  ]);
});

it('refuses text fields that are not text, naming the line and the field; numbers stay numbers where the format has them', async () => {
  const bad = [
    { kind: 'offer', key: 'a', title: 'T', terms: ['a'] },
    { kind: 'card', key: 'b', name: { en: 'Gold' } },
    { kind: 'outlet', key: 'c', merchant: 'M', branch: true },
    { kind: 'offer', key: 'd', title: 42 },
    { kind: 'offer', key: 'e', title: 'T', cards: ['Gold', ['Platinum']], outlets: [7] },
    { kind: 'card', key: ['f'], name: 'F' },
  ];
  const res = await importFile(jsonl(bad), { from_source: 'typed-site' });
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().errors.file).toEqual([
    '6 lines have errors; nothing was imported.',
    'Line 1: terms must be text, not a list.',
    'Line 2: name must be text, not an object.',
    'Line 3: branch must be text, not true.',
    'Line 4: title must be text, not a number.',
    'Line 5: cards must be a list of names (text), not a list holding a list.',
    'Line 5: outlets must be a list of names (text), not a list holding a number.',
    'Line 6: key must be text, not a list.',
  ]);
  const good = await importFile(
    jsonl([
      { kind: 'card', key: 'g', name: 'Gold', annual_fee: 300, bank: null },
      { kind: 'outlet', key: 'h', merchant: 'M', latitude: 25.2, longitude: '55.3' },
      { kind: 'offer', key: 'i', title: 'T', cards: ['Gold'], outlets: 'M|N' },
    ]),
    { from_source: 'typed-site' },
  );
  expect(good.statusCode, good.body).toBe(200);
  expect(good.json().data.added).toBe(3);
});

it('refuses a call without a file, a bad slug or an unknown bank, naming the field', async () => {
  const noFile = multipart({ from_source: 'enbd-site' });
  const a = await s.call({
    method: 'POST',
    url: '/admin/v1/crawl_data/import',
    headers: { ...s.adminAuth, ...noFile.headers },
    payload: noFile.payload,
  });
  expect(a.statusCode).toBe(422);
  expect(a.json().errors.file).toBeDefined();
  const b = await importFile(jsonl(FILE), { from_source: 'Not A Slug!' });
  expect(b.statusCode).toBe(422);
  expect(b.json().errors.from_source).toBeDefined();
  const c = await importFile(jsonl(FILE), { from_source: 'new-site', bank_id: '99999' });
  expect(c.statusCode).toBe(422);
  expect(c.json().errors.bank_id).toBeDefined();
});
