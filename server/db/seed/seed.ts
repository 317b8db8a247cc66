// Deterministic demo data, written once on first start (when the banks table is empty):
// banks, networks, categories, Dubai areas, ~60 cards, 500 outlets, 2,000 offers, 200 users,
// and the app's homepage (./homepage.ts).
// Everything is generated in memory from a seeded PRNG, then written with multi-row INSERTs
// (rows passed as one JSON parameter per batch) in the caller's transaction: at start, the
// one that migrates (server/db/migrate.ts, prepareDatabase), so two servers starting at once
// on one PostgreSQL database seed it once.
import { plantHealthProblems } from './healthProblems';
import type { Tx } from '../connection';
import type { Uploads } from '../../services/uploads';
import { UAE_BANKS } from './banks';
import { seedContent } from './content';
import { seedCrawl } from './crawl';
import { DEMO_EVENTS, seedEngagement } from './engagement';
import { seedHomepage } from './homepage';
import { seedNotifications } from './notifications';
import { solidPng } from './logo';
import { createRandom } from './random';
import { NETWORKS } from './networks';
import { CATEGORIES } from './categories';
import { DUBAI_AREAS } from './areas';
import { CARDS } from './cards';
import { generateOutlets } from './outlets';
import { generateOffers } from './offers';
import { generateUsers } from './users';

export const SEED_COUNTS = { outlets: 500, offers: 2000, users: 200 };
const SEED = 20261101;
const BATCH = 500;

/** Writes the demo data in `tx` when there are no banks yet; returns whether it did. */
/** `events`: how many engagement events to write (./engagement.ts; SEED_EVENTS in server/config.ts). */
export async function seed(tx: Tx, uploads: Uploads, opts: { events?: number } = {}): Promise<boolean> {
  const n = Number((await tx.query<{ n: number }>('select count(*)::int as n from banks')).rows[0].n);
  if (n > 0) return false;

  const rnd = createRandom(SEED);
  const bankByCode = new Map<string, (typeof UAE_BANKS)[number]>(UAE_BANKS.map((b) => [b.code, b]));
  const outlets = generateOutlets(rnd, SEED_COUNTS.outlets);
  // Dubai's day by the same rule as the offers' state (migration 028_dubai_day.sql).
  const today = (await tx.query<{ d: string }>('select catalogue_today()::text as d')).rows[0].d;
  const offers = generateOffers(rnd, SEED_COUNTS.offers, CARDS, outlets, (code) => bankByCode.get(code)!.name, today);
  const users = generateUsers(rnd, SEED_COUNTS.users);

  const logos = await Promise.all(UAE_BANKS.map((b) => uploads.saveImage('logo', solidPng(64, b.color))));
  const cardImages = await Promise.all(
    CARDS.map((c, i) => uploads.saveImage('image', solidPng(64, shade(bankByCode.get(c.bank)!.color, (i % 5) - 2)))),
  );

  const bankIds = await insertRows(
    tx,
    'banks',
    { name: 'text', code: 'text', website: 'text', logo: 'text' },
    UAE_BANKS.map((b, i) => ({ name: b.name, code: b.code, website: b.website, logo: logos[i] })),
  );
  const bankId = new Map<string, number>(UAE_BANKS.map((b, i) => [b.code, bankIds[i]]));

  const networkId = await upsertNames(
    tx,
    'networks',
    'type',
    NETWORKS.map((type) => ({ type })),
  );
  const categoryId = await upsertNames(
    tx,
    'categories',
    'name',
    CATEGORIES.map((c) => ({ ...c })),
    { description: 'text' },
  );
  const areaId = await upsertNames(
    tx,
    'dubai_cities',
    'name',
    DUBAI_AREAS.map((a) => ({ name: a.name, emirate: 'Dubai' })),
    { emirate: 'text' },
  );
  const cat = (name: string | null) => (name ? (categoryId.get(name.toLowerCase()) ?? null) : null);
  // Offers' images: one small picture per category, shared by its offers (ten files, not thousands);
  // one offer in 40 has none, a share the Health queue "Offers missing essentials" shows.
  const categoryImages = new Map<string | null, string>(
    await Promise.all(
      CATEGORIES.map(
        async (c, i) =>
          [c.name, await uploads.saveImage('image', solidPng(48, OFFER_COLOURS[i % OFFER_COLOURS.length]))] as const,
      ),
    ),
  );
  const offerImage = (category: string | null, i: number) =>
    i % 40 === 7 ? null : (categoryImages.get(category) ?? categoryImages.get(CATEGORIES[0].name)!);

  const cardIds = await insertRows(
    tx,
    'cards',
    {
      name: 'text',
      bank_id: 'int',
      network_id: 'int',
      category_id: 'int',
      card_type: 'text',
      annual_fee: 'numeric',
      min_salary: 'numeric',
      description: 'text',
      image: 'text',
      status: 'text',
      display: 'boolean',
      age: 'int',
    },
    CARDS.map((c, i) => ({
      name: c.name,
      bank_id: bankId.get(c.bank)!,
      network_id: networkId.get(c.network.toLowerCase())!,
      category_id: cat(c.category),
      card_type: c.type ?? 'credit',
      annual_fee: c.fee,
      min_salary: c.salary,
      description: c.description,
      image: cardImages[i],
      status: c.discontinued ? 'Discontinued' : 'Not Discontinued',
      display: !c.discontinued,
      age: (CARDS.length - i) * 24 * 60,
    })),
    { created: true },
  );

  const outletIds = await insertRows(
    tx,
    'outlets',
    {
      merchant_name: 'text',
      branch: 'text',
      category_id: 'int',
      area_id: 'int',
      address: 'text',
      latitude: 'float8',
      longitude: 'float8',
      phone: 'text',
      age: 'int',
    },
    outlets.map((o, i) => ({
      merchant_name: o.brand.name,
      branch: o.branch,
      category_id: cat(o.brand.category),
      area_id: areaId.get(o.area.toLowerCase()) ?? null,
      address: o.address,
      latitude: o.lat,
      longitude: o.lon,
      phone: o.phone,
      age: (outlets.length - i) * 240,
    })),
    { created: true },
  );

  // Offers and their links. With the search_text triggers on, each offer's text would be
  // computed three times (on insert, then after each link table); they are off for these
  // inserts, inside this transaction, and one refresh through them fills it in.
  const bulk = ['offers', 'offer_cards', 'offer_outlets'];
  for (const t of bulk) await tx.query(`alter table ${t} disable trigger user`);
  const offerIds = await insertRows(
    tx,
    'offers',
    {
      title: 'text',
      description: 'text',
      discount: 'text',
      valid_from: 'date',
      valid_to: 'date',
      terms: 'text',
      image: 'text',
      category_id: 'int',
      from_source: 'text',
      age: 'int',
    },
    offers.map((o, i) => ({
      title: o.title,
      description: o.description,
      discount: o.discount,
      valid_from: o.valid_from,
      valid_to: o.valid_to,
      terms: o.terms,
      image: offerImage(o.category, i),
      category_id: cat(o.category),
      from_source: o.from_source,
      age: (offers.length - i) * 97,
    })),
    { created: true },
  );
  await insertRows(
    tx,
    'offer_cards',
    { offer_id: 'int', card_id: 'int' },
    offers.flatMap((o, i) => o.cards.map((c) => ({ offer_id: offerIds[i], card_id: cardIds[c] }))),
    { returning: false },
  );
  await insertRows(
    tx,
    'offer_outlets',
    { offer_id: 'int', outlet_id: 'int' },
    offers.flatMap((o, i) => o.outlets.map((x) => ({ offer_id: offerIds[i], outlet_id: outletIds[x] }))),
    { returning: false },
  );
  for (const t of bulk) await tx.query(`alter table ${t} enable trigger user`);
  // The offers' banks, which the link triggers would have kept (migration 023_offer_bank_links.sql).
  await tx.query('select offer_bank_links_refresh($1::int[])', [offerIds]);
  // And their list rows' names and ids (migration 029_offer_list_rows.sql).
  await tx.query('select offer_list_rows_refresh($1::int[])', [offerIds]);
  // And which of them no card shown or no outlet reaches (migration 034_health_speed.sql).
  await tx.query('select offer_reach_refresh($1::int[])', [offerIds]);
  // And which lack an image or terms (migration 038_health_kept.sql).
  await tx.query('select offer_gaps_refresh($1::int[])', [offerIds]);
  // And each card's and outlet's live offer, a row for each (migrations 041_live_witness.sql and
  // 044_live_witness_every_row.sql).
  await tx.query('select card_live_refresh(array(select id from cards))');
  await tx.query('select outlet_live_refresh(array(select id from outlets))');
  // And marked for the duplicates' pairs, found by the loop (migration 036_health_pairs.sql).
  await tx.query("select health_pairs_mark('offer', $1::int[])", [offerIds]);
  await tx.query('update offers set search_text = default where id = any($1::int[])', [offerIds]);

  await insertRows(
    tx,
    'users',
    { name: 'text', email: 'text', phone: 'text', status: 'text', age: 'int' },
    users.map((u, i) => ({ ...u, age: (users.length - i) * 11 * 60 })),
    { created: true, returning: false, onConflict: true },
  );

  // The radii the app offers around a user; 5 km is what it starts with.
  await tx.query(`insert into outlet_radius (label, kilometres, is_default) values
    ('1 km', 1, false), ('3 km', 3, false), ('5 km', 5, true), ('10 km', 10, false), ('25 km', 25, false)`);
  // Three bank websites' crawls waiting for review.
  await seedCrawl(tx, today);
  // The app's homepage arranged: banners, welcome boxes, selected offers.
  await seedHomepage(tx, uploads);
  // The legal pages, contact messages and feedback (./content.ts).
  await seedContent(tx, rnd);
  // Who holds which card and lives where, and the notifications sent to them (./notifications.ts).
  await seedNotifications(tx, cardIds, DUBAI_AREAS.map((a) => areaId.get(a.name.toLowerCase())!).filter(Boolean));
  // 90 days of what app users did with offers and cards, for the engagement charts (./engagement.ts).
  await seedEngagement(tx, opts.events ?? DEMO_EVENTS);
  // A few of each problem the Health screen's queues find (./healthProblems.ts).
  await plantHealthProblems(tx, today);
  return true;
}

/**
 * Multi-row INSERT from a JSON array, BATCH rows per statement. Returns the new ids in
 * input order. An `age` column (minutes) becomes created_at/updated_at = now() - age,
 * so lists sorted by date look like data entered over time.
 */
async function insertRows(
  q: Tx,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, unknown>[],
  opts: { created?: boolean; returning?: boolean; onConflict?: boolean } = {},
): Promise<number[]> {
  const cols = Object.keys(columns).filter((c) => !(opts.created && c === 'age'));
  const target = [...cols, ...(opts.created ? ['created_at', 'updated_at'] : [])];
  const values = [
    ...cols.map((c) => `x.${c}`),
    ...(opts.created ? ["now() - x.age * interval '1 minute'", "now() - x.age * interval '1 minute'"] : []),
  ];
  const defs = [...Object.entries(columns).map(([c, t]) => `${c} ${t}`), '_i int'];
  const sql =
    `insert into ${table} (${target.join(', ')}) select ${values.join(', ')} from json_to_recordset($1::json) as x(${defs.join(', ')}) order by x._i` +
    (opts.onConflict ? ' on conflict do nothing' : '') +
    (opts.returning === false ? '' : ' returning id');
  const ids: number[] = [];
  for (let at = 0; at < rows.length; at += BATCH) {
    const batch = rows.slice(at, at + BATCH).map((r, i) => ({ ...r, _i: i }));
    const res = await q.query<{ id: number }>(sql, [JSON.stringify(batch)]);
    ids.push(...res.rows.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}

/** Reference rows that may already exist (matched case-insensitively); returns lower(name) → id. */
async function upsertNames(
  q: Tx,
  table: string,
  key: string,
  rows: Record<string, unknown>[],
  extra: Record<string, string> = {},
) {
  await insertRows(q, table, { [key]: 'text', ...extra }, rows, { returning: false, onConflict: true });
  const { rows: all } = await q.query<{ id: number; k: string }>(`select id, lower(${key}) as k from ${table}`);
  return new Map(all.map((r) => [r.k, Number(r.id)]));
}

/** The offers' pictures' colours, one per category (./categories.ts), muted so a list of them reads calmly. */
const OFFER_COLOURS: readonly (readonly [number, number, number])[] = [
  [196, 98, 45],
  [72, 110, 170],
  [48, 140, 150],
  [150, 80, 150],
  [80, 150, 100],
  [120, 150, 60],
  [170, 130, 50],
  [90, 90, 120],
  [180, 90, 110],
  [60, 120, 90],
];

/** A bank colour, a little lighter or darker, so each card's image differs. */
function shade(rgb: readonly number[], step: number): number[] {
  return rgb.map((v) =>
    Math.max(0, Math.min(255, Math.round(step >= 0 ? v + (255 - v) * step * 0.15 : v * (1 + step * 0.15)))),
  );
}
