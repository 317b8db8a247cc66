// POST /admin/v1/add_csv: every row checked, all or nothing, invalid rows listed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSV_NAMES_MAX, type CsvTarget } from '@contract/csv';
import { checkCsvNames } from '@contract/csvImport';
import { mergeNameAnswer, namesQuestion } from '../../src/features/catalogue/csv/preview';
import { previewCsvText } from '../../src/features/catalogue/csv/parseText';
import { multipart, startTestServer, type TestServer } from '../helpers/app';
import { opCalls } from '../helpers/ops';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.db.query("insert into dubai_cities (name) values ('Dubai Marina'), ('Deira')");
  await s.db.query("insert into categories (name) values ('Dining'), ('Travel')");
  await s.db.query("insert into networks (type) values ('Visa'), ('Mastercard')");
  await s.db.query("insert into banks (name, code) values ('Emirates NBD', 'ENBD'), ('Mashreq', 'MASHREQ')");
});
afterAll(() => s.close());
const { call, ok, one } = opCalls(() => s);

const upload = (type: string, csv: string, extra: Record<string, string> = {}) => {
  const form = multipart({ type, ...extra, file: { filename: 'data.csv', type: 'text/csv', data: Buffer.from(csv) } });
  return s.call({
    method: 'POST',
    url: '/admin/v1/add_csv',
    headers: { ...s.adminAuth, ...form.headers },
    payload: form.payload,
  });
};
const count = async (table: string) =>
  Number((await s.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n);

it('imports nothing when one row is bad, lists that row, then imports all once it is fixed', async () => {
  const bad =
    'name,bank,network,annual_fee\nSkywards Infinite,ENBD,Visa,1575\nSolitaire,Mashreq,Amex,0\nCashback,mashreq,mastercard,abc\n';
  const r = await upload('cards', bad);
  expect(r.statusCode).toBe(422);
  const body = r.json();
  expect(body).toMatchObject({
    success: false,
    error: 'An error occurred',
    message: '2 rows have errors; nothing was imported.',
  });
  expect(body.errors.message[0]).toBe(body.message);
  expect(body.invalid_data).toEqual([
    { row: 3, column: 'network', message: 'No network named "Amex".', value: 'Amex' },
    { row: 4, column: 'annual_fee', message: 'annual_fee must be a number.', value: 'abc' },
  ]);
  expect(await count('cards')).toBe(0);

  const fixed =
    'name,bank,network,annual_fee\nSkywards Infinite,ENBD,Visa,1575\nSolitaire,Mashreq,Mastercard,0\nCashback,mashreq,mastercard,0\n';
  const ok = await upload('cards', fixed);
  expect(ok.statusCode).toBe(200);
  expect(ok.json()).toMatchObject({
    success: true,
    message: 'Imported 3 cards.',
    invalid_data: [],
    data: { type: 'cards', imported: 3 },
  });
  expect(await count('cards')).toBe(3);
  const search = await s.call({
    method: 'POST',
    url: '/admin/v1/all_card',
    headers: s.adminAuth,
    payload: { query: 'mashreq cash' },
  });
  expect(search.json().data.map((c: { name: string }) => c.name)).toEqual(['Cashback']);
});

it('imports offers with cards by name and outlets by id, in one transaction', async () => {
  await upload(
    'outlets',
    'merchant_name,branch,area,category,latitude,longitude\nShake Shack,Dubai Marina Mall,Dubai Marina,Dining,25.07,55.14\n',
  );
  const outletId = (await s.db.query<{ id: number }>("select id from outlets where merchant_name = 'Shake Shack'"))
    .rows[0].id;
  const csv = `title,discount,valid_from,valid_to,category,cards,outlets\n"20% off, all week",20% off,2026-01-01,2026-12-31,Dining,Skywards Infinite|Solitaire,${outletId}\n`;
  const r = await upload('offers', csv);
  expect(r.statusCode, r.body).toBe(200);
  const offer = (
    await s.call({
      method: 'POST',
      url: '/admin/v1/all_offer',
      headers: s.adminAuth,
      payload: { query: 'shake shack marina' },
    })
  ).json().data[0];
  expect(offer).toMatchObject({
    title: '20% off, all week',
    bank_names: ['Emirates NBD', 'Mashreq'],
    merchant_names: ['Shake Shack'],
    category_name: 'Dining',
  });
});

it('names missing columns, unknown targets, and empty or binary files', async () => {
  const missing = await upload('offers', 'title,discount\nA title,10%\n');
  expect(missing.statusCode).toBe(422);
  expect(missing.json().invalid_data.map((i: { column: string }) => i.column)).toEqual(['valid_from', 'valid_to']);
  const target = await upload('banks', 'name\nX\n');
  expect(target.statusCode).toBe(422);
  expect(Object.keys(target.json().errors)).toContain('type');
  const empty = await upload('outlets', 'merchant_name\n');
  expect(empty.json().invalid_data[0].message).toBe('The file has no rows.');
  const binary = await upload('outlets', 'merchant_name\n\u0000\u0001');
  expect(binary.statusCode).toBe(422);
  expect(binary.json().errors.file[0]).toBe('File must be a text CSV file.');
});

it('says which of two same-named cards it cannot choose', async () => {
  await s.db.query("insert into cards (name, bank_id, network_id) select 'Platinum', id, 1 from banks");
  const r = await upload(
    'offers',
    'title,discount,valid_from,valid_to,cards\nSome offer,10%,2026-01-01,2026-02-01,Platinum\n',
  );
  expect(r.json().invalid_data[0]).toMatchObject({
    row: 2,
    column: 'cards',
    message: '"Platinum" matches 2 cards; use its id.',
  });
});

it("runs the add call's own rules on every row: a source the API refuses is refused here too", async () => {
  const before = await count('offers');
  const csv =
    'title,discount,valid_from,valid_to,from_source\nTwo for one at Reel,2 for 1,2026-12-01,2027-01-31,Bank Crawl #1\n';
  const r = await upload('offers', csv);
  expect(r.statusCode).toBe(422);
  expect(r.json().invalid_data).toEqual([
    { row: 2, column: 'from_source', message: 'Source has an invalid format.', value: 'Bank Crawl #1' },
  ]);
  expect(await count('offers')).toBe(before);
  // The same record sent to add_offer is refused with the same words.
  const api = await s.call({
    method: 'POST',
    url: '/admin/v1/add_offer',
    headers: s.adminAuth,
    payload: {
      title: 'Two for one at Reel',
      discount: '2 for 1',
      valid_from: '2026-12-01',
      valid_to: '2027-01-31',
      from_source: 'Bank Crawl #1',
    },
  });
  expect(api.statusCode).toBe(422);
  expect(api.json().errors.from_source).toEqual(['Source has an invalid format.']);
});

it('refuses a file whose row breaks a database rule, naming the row, and imports nothing', async () => {
  await upload('cards', 'name,bank,network\nDuplicate Check,ENBD,Visa\n');
  const before = await count('cards');
  const r = await upload('cards', 'name,bank,network\nFresh Card,ENBD,Visa\nduplicate check,ENBD,Visa\n');
  expect(r.statusCode).toBe(422);
  expect(r.json().invalid_data).toEqual([
    { row: 3, column: 'name', message: 'A card with this name already exists.', value: 'duplicate check' },
  ]);
  expect(await count('cards')).toBe(before);
});

// valid_only: the rows that pass go in, the others come back with their reasons.
it('imports the good rows alone when asked, answers the refused ones with reasons, writes none of them', async () => {
  await upload('cards', 'name,bank,network\nPartial Taken,ENBD,Visa\n');
  const cards = await count('cards');
  const entries = await one<number>('select count(*)::int from audit_log');
  const csv = [
    'name,bank,network,annual_fee',
    'Partial One,ENBD,Visa,0',
    'Partial Two,No Such Bank,Visa,0',
    'Partial Three,Mashreq,Mastercard,abc',
    'partial taken,ENBD,Visa,0', // the database refuses it: a card of that name exists
    'Partial Four,Mashreq,Visa,10',
  ].join('\n');
  const r = await upload('cards', csv, { valid_only: 'true' });
  expect(r.statusCode, r.body).toBe(200);
  const body = r.json();
  expect(body).toMatchObject({
    success: true,
    message: 'Imported 2 cards; 3 rows were left out.',
    data: { type: 'cards', imported: 2 },
  });
  expect(body.refused).toEqual([
    {
      row: 3,
      cells: { name: 'Partial Two', bank: 'No Such Bank', network: 'Visa', annual_fee: '0' },
      reason: 'bank: No bank named "No Such Bank".',
    },
    {
      row: 4,
      cells: { name: 'Partial Three', bank: 'Mashreq', network: 'Mastercard', annual_fee: 'abc' },
      reason: 'annual_fee: annual_fee must be a number.',
    },
    {
      row: 5,
      cells: { name: 'partial taken', bank: 'ENBD', network: 'Visa', annual_fee: '0' },
      reason: 'name: A card with this name already exists.',
    },
  ]);
  expect(await count('cards')).toBe(cards + 2);
  const names = await s.db.query<{ name: string }>("select name from cards where name ilike 'partial%' order by name");
  expect(names.rows.map((c) => c.name)).toEqual(['Partial Four', 'Partial One', 'Partial Taken']);
  // One entry for the import, naming the two cards it added.
  expect(await one<number>('select count(*)::int from audit_log')).toBe(entries + 1);
  const entry = (
    await s.db.query<{ operation: string; count: number; tables: Record<string, { added: number }> }>(
      'select operation, count, tables from audit_log order by id desc limit 1',
    )
  ).rows[0];
  expect(entry).toMatchObject({ operation: 'csv.import', count: 2, tables: { cards: { added: 2 } } });
});

it('writes nothing and no entry for a file of bad rows alone, valid_only or not', async () => {
  const cards = await count('cards');
  const entries = await one<number>('select count(*)::int from audit_log');
  const csv = 'name,bank,network\nAll Bad One,No Bank,Visa\nAll Bad Two,ENBD,Amex\n';
  const r = await upload('cards', csv, { valid_only: 'true' });
  expect(r.statusCode).toBe(422);
  expect(r.json()).toMatchObject({ success: false, message: '2 rows have errors; nothing was imported.' });
  expect(r.json().refused.map((x: { row: number }) => x.row)).toEqual([2, 3]);
  // Rows refused by the database alone: the batch is undone, nothing stays.
  const taken = await upload('cards', 'name,bank,network\npartial one,ENBD,Visa\n', { valid_only: 'true' });
  expect(taken.statusCode).toBe(422);
  expect(taken.json().refused).toEqual([
    {
      row: 2,
      cells: { name: 'partial one', bank: 'ENBD', network: 'Visa' },
      reason: 'name: A card with this name already exists.',
    },
  ]);
  expect(await count('cards')).toBe(cards);
  expect(await count("write_batches where state = 'pending'")).toBe(0);
  expect(await one<number>('select count(*)::int from audit_log')).toBe(entries);
});

it('says an id column wants an id: no outlet with id 99999', async () => {
  const r = await upload(
    'offers',
    'title,discount,valid_from,valid_to,cards,outlets\nId words,5%,2026-01-01,2026-02-01,424242,99999\n',
  );
  expect(r.json().invalid_data).toEqual([
    { row: 2, column: 'cards', message: 'No card with id 424242.', value: '424242' },
    { row: 2, column: 'outlets', message: 'No outlet with id 99999.', value: '99999' },
  ]);
});

// POST /admin/v1/add_csv/names: the preview's question. The browser's own preview code asks
// it and merges the answer; the upload of the same file then says exactly that.
it('answers about names what the import then says: the same problems, lines, columns and words', async () => {
  await s.db.query("insert into banks (name, code) values ('Names Bank', 'NMB'), ('Other Names Bank', 'NAMES')");
  await s.db.query("insert into banks (name, code) values ('NAMES', 'NMX')"); // "names" is a bank's name and another's code
  const bank = await one("select id from banks where code = 'NMB'");
  const other = await one("select id from banks where code = 'NAMES'");
  const visa = await one("select id from networks where type = 'Visa'");
  await s.db.query(
    "insert into cards (name, bank_id, network_id) values ('Names Gold', $1, $3), ('Names Twin', $1, $3), ('Names Twin', $2, $3)",
    [bank, other, visa],
  );
  const outlet = await one("insert into outlets (merchant_name) values ('Names Outlet') returning id");

  const files: [CsvTarget, string][] = [
    [
      'cards',
      [
        'name,bank,network,category,annual_fee',
        'Names New One,names,Visa,dining,0',
        'Names New Two, nmb ,VISA,Dinning,abc',
        'Names New Three,No Such Bank,Amex,,0',
        'Names New Four,Names Bank,Mastercard,Travel,0',
      ].join('\n'),
    ],
    [
      'outlets',
      [
        'merchant_name,category,area',
        'Names Cafe,Dining,dubai marina',
        'Names Bistro,Dining,Marina',
        'Names Bar,Drinks,Deira',
      ].join('\n'),
    ],
    [
      'offers',
      [
        'title,discount,valid_from,valid_to,category,cards,outlets',
        `Names offer one,5%,2026-01-01,2026-02-01,Dining,Names Gold|names twin,${outlet}`,
        `x,5%,2026-01-01,2026-02-01,Dinning,Names Nope|Names Gold|Names Nope,${outlet}|999999`,
        'Names offer three,5%,2026-01-01,2026-02-01,,,',
      ].join('\n'),
    ],
  ];
  for (const [target, csv] of files) {
    const preview = previewCsvText(target, csv);
    const question = namesQuestion(preview.names);
    if (!question || question === 'too many') throw new Error(`${target}: no question`);
    const { data } = await ok(checkCsvNames, { body: question });
    const merged = mergeNameAnswer(preview, data);
    const r = await upload(target, csv);
    expect(r.statusCode, `${target}: ${r.body}`).toBe(422);
    expect(merged.issues, target).toEqual(r.json().invalid_data);
    expect(r.json().message, target).toBe(`${merged.badRows} rows have errors; nothing was imported.`);
  }

  // The answer itself: per kind, names of no record and names of several, as sent.
  const { data } = await ok(checkCsvNames, {
    body: {
      bank: ['names', 'NMB', ' nmb ', 'No Such Bank'],
      card: ['Names Twin', 'names gold', 'Names Nope'],
      outlet: [String(outlet), '0'],
      category: ['DINING', 'Dinning'],
    },
  });
  expect(data).toEqual({
    bank: { unknown: ['No Such Bank'], ambiguous: [{ name: 'names', matches: 2 }] },
    network: { unknown: [], ambiguous: [] },
    category: { unknown: ['Dinning'], ambiguous: [] },
    area: { unknown: [], ambiguous: [] },
    card: { unknown: ['Names Nope'], ambiguous: [{ name: 'Names Twin', matches: 2 }] },
    outlet: { unknown: ['0'], ambiguous: [] },
  });
});

it('takes an empty question, and refuses one past its bounds', async () => {
  expect((await ok(checkCsvNames, { body: {} })).data.card).toEqual({ unknown: [], ambiguous: [] });
  const tooMany = await call(checkCsvNames, {
    body: { category: Array.from({ length: CSV_NAMES_MAX + 1 }, (_, i) => `c${i}`) },
  });
  expect(tooMany.status).toBe(422);
  expect(Object.keys(tooMany.json.errors)).toContain('category');
  expect((await call(checkCsvNames, { body: { area: ['x'.repeat(201)] } })).status).toBe(422);
  expect((await call(checkCsvNames, { body: { area: [''] } })).status).toBe(422);
  // The most names of every kind at once fits the call.
  const most = Object.fromEntries(
    ['bank', 'network', 'category', 'area', 'card', 'outlet'].map((k) => [
      k,
      Array.from({ length: CSV_NAMES_MAX }, (_, i) => `${k} ${i}`),
    ]),
  );
  const all = await ok(checkCsvNames, { body: most });
  expect(all.data.area.unknown).toHaveLength(CSV_NAMES_MAX);
});
