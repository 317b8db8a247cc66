// `npm run seed:large -- --offers 1000000 [--outlets 100000] [--cards 2000] [--batch 50000] [--keep-indexes]`
//
// Adds synthetic volume to the database `npm start` uses (DATABASE_URL, or PGlite under
// DATA_DIR): runs migrations and the demo seed if the database is empty, then ADDS the
// requested numbers of cards, outlets and offers. Rows are generated inside the database
// with generate_series; every "random" choice hashes the series number (hashint8extended),
// so a run is repeatable for a given starting state. Offers get 1–2 cards and 1–2 outlets
// (a neighbour in name order, so usually the same merchant or bank) and their search_text
// in the same statement, from the words functions of migration 003 (outlet_search_words,
// offer_search_words…), so it equals what the search_text triggers would compute.
//
// Those triggers are switched off (ALTER TABLE … DISABLE TRIGGER USER) inside each batch's
// transaction and on again before it commits: a batch writes its rows with their search
// text once, instead of once per row and again per offer when its links arrive. Being part
// of the transaction, the switch can never outlive a batch, even when the run dies.
//
// For big loads the secondary indexes of the filled tables are dropped first and rebuilt at
// the end (much faster than maintaining a trigram GIN index row by row). Their definitions
// are kept in seed_large_dropped_indexes until rebuilt, so a run that dies half-way is
// repaired by the next one (`npm run seed:large` with no counts just repairs). Each batch is
// its own transaction: what was committed stays. SIGINT/SIGTERM sent to this process stop it
// after the current batch; under tsx (npm run) a Ctrl-C during a PGlite batch ends in a
// SIGKILL from tsx's signal relay, since the busy process cannot acknowledge within 30 ms.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { createLogger, lineLogger } from '../server/logger';
import { openDb, type Db as BaseDb, type Tx } from '../server/db/connection';
import { lockDataDir } from '../server/db/lock';
import { prepareDatabase } from '../server/db/migrate';
import { seed } from '../server/db/seed/seed';
import { seedLargeCrawl } from '../server/db/seed/crawl';
import { DUBAI_AREAS } from '../server/db/seed/areas';
import { BRANDS, MALLS } from '../server/db/seed/outlets';
import {
  CRAWLED_BANKS,
  ELECTRONICS,
  PERCENT,
  REFERENCE_DATE,
  TEMPLATES,
  type Template,
} from '../server/db/seed/offers';
import { solidPng } from '../server/db/seed/logo';
import { createUploads } from '../server/services/uploads';

const INDEX_LOG = 'seed_large_dropped_indexes';
const PICK_CARDS = 'seed_large_cards';
const PICK_OUTLETS = 'seed_large_outlets';
/** Loads at least this big drop and rebuild indexes (unless --keep-indexes). */
const REBUILD_THRESHOLD = 100_000;

const log = (msg: string) => console.log(`[seed:large] ${msg}`);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** A non-negative pseudo-random integer from the row number `n` and a salt (0 … 2^31-1). */
const h = (salt: number, n = 'n') => `(hashint8extended(${n}, ${salt}) & 2147483647)::int`;

/** Collects query parameters: `p(value, 'int[]')` → `($3::int[])`. */
function params() {
  const values: unknown[] = [];
  const p = (value: unknown, type?: string) => {
    values.push(value);
    return type ? `($${values.length}::${type})` : `$${values.length}`;
  };
  return { values, p };
}

interface Options {
  offers: number;
  outlets: number;
  cards: number;
  crawlOffers: number;
  /** Percent of the offers given an image (one of a few real files it saves, shared): 0 by default. */
  images: number;
  batch: number;
  keepIndexes: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      offers: { type: 'string', default: '0' },
      outlets: { type: 'string', default: '0' },
      cards: { type: 'string', default: '0' },
      'crawl-offers': { type: 'string', default: '0' },
      images: { type: 'string', default: '0' },
      batch: { type: 'string', default: '50000' },
      'keep-indexes': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'usage: npm run seed:large -- --offers N [--outlets N] [--cards N] [--crawl-offers N] [--images PERCENT] [--batch N] [--keep-indexes]',
    );
    process.exit(0);
  }
  const num = (name: string, v: string, min: number) => {
    const n = Number(v.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}, got "${v}"`);
    return n;
  };
  return {
    offers: num('offers', values.offers!, 0),
    outlets: num('outlets', values.outlets!, 0),
    cards: num('cards', values.cards!, 0),
    crawlOffers: num('crawl-offers', values['crawl-offers']!, 0),
    images: Math.min(100, num('images', values.images!, 0)),
    batch: num('batch', values.batch!, 1000),
    keepIndexes: values['keep-indexes']!,
  };
}

/** The database, plus a `query` of its own for the script's statements outside batches. */
type Db = BaseDb & Tx;
const withQuery = (db: BaseDb): Db => ({
  ...db,
  query: (sql, params) => db.read((tx) => tx.query(sql, params)),
  exec: (sql) => db.read((tx) => tx.exec(sql)),
});

let stopping = false;

async function main() {
  const opts = parseOptions();
  const config = loadConfig();
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir);
  // Lost (the lock taken away): the batch being written is refused at its commit; stop at
  // once, without closing the database (that writes) or unlocking (not ours any more).
  lock?.onLost((err) => {
    console.error(`[seed:large] ${err.message} Stopping without touching ${config.dataDir} again.`);
    process.exit(1);
  });
  const db = withQuery(
    await openDb({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      beforeCommit: lock?.writeGuard,
      log: lineLogger(createLogger(config.logLevel), 'db', 'error'),
    }),
  );
  // Ctrl-C reaches this process both from the terminal and relayed by npm/tsx: one press
  // within a second counts once. A second press later quits at once (the next run repairs).
  let firstSignal = 0;
  const onSignal = (signal: string) => {
    const now = Date.now();
    if (stopping && now - firstSignal > 1000) process.exit(130);
    if (stopping) return;
    stopping = true;
    firstSignal = now;
    log(`${signal}: stopping after this batch, then rebuilding indexes (Ctrl-C again to quit now)`);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  const started = performance.now();
  try {
    log(`database: ${db.kind === 'pglite' ? `embedded PGlite (${config.dataDir})` : 'PostgreSQL'}`);
    const t = performance.now();
    const { applied, result: seeded } = await prepareDatabase(db, (tx) => seed(tx, createUploads(config.dataDir)));
    if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
    if (seeded) log(`migrations and demo data in ${fmt(performance.now() - t)} ms`);
    await restoreIndexes(db, 'repair');
    const replica = await canSkipForeignKeyChecks(db);

    if (opts.cards) await addCards(db, opts.cards);
    const rebuild: string[] = [];
    if (!opts.keepIndexes && opts.outlets >= REBUILD_THRESHOLD) rebuild.push('outlets');
    if (!opts.keepIndexes && opts.offers >= REBUILD_THRESHOLD)
      rebuild.push('offers', 'offer_cards', 'offer_outlets', 'offer_bank_links');
    if (rebuild.length) await dropIndexes(db, rebuild);
    try {
      if (opts.outlets) await addOutlets(db, opts.outlets, opts.batch, replica);
      if (opts.offers && !stopping)
        await addOffers(
          db,
          opts.offers,
          opts.batch,
          replica,
          opts.images,
          opts.images ? await offerImages(config.dataDir) : [],
        );
    } finally {
      await restoreIndexes(db, 'load');
    }
    if (opts.crawlOffers && !stopping) {
      const c = performance.now();
      await db.transaction((tx) => seedLargeCrawl(tx, opts.crawlOffers));
      log(`crawl source large-crawl: ${fmt(opts.crawlOffers)} offer refs in ${fmt(performance.now() - c)} ms`);
    }
    // The links were written with their triggers off: each card's and outlet's live offer found
    // again, a row for each (migrations 041_live_witness.sql and 044_live_witness_every_row.sql).
    await db.query('select card_live_refresh(array(select id from cards))');
    await db.query('select outlet_live_refresh(array(select id from outlets))');
    const a = performance.now();
    await db.query('analyze');
    log(`analyze: ${fmt(performance.now() - a)} ms`);
    const counts = (
      await db.query<Record<string, number>>(
        `select (select count(*) from cards)::int as cards, (select count(*) from outlets)::int as outlets, (select count(*) from offers)::int as offers,
                (select count(*) from offer_cards)::int as offer_cards, (select count(*) from offer_outlets)::int as offer_outlets`,
      )
    ).rows[0];
    log(
      `totals: ${Object.entries(counts)
        .map(([k, v]) => `${k} ${fmt(v)}`)
        .join(', ')}`,
    );
    log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close().catch(() => undefined);
    await lock?.release().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------
// Batches, progress, foreign keys

function progress(label: string, total: number) {
  const start = performance.now();
  return (done: number) => {
    const secs = (performance.now() - start) / 1000;
    const rate = done / Math.max(secs, 1e-3);
    const eta = done < total ? `, ETA ${Math.ceil((total - done) / rate)} s` : `, ${secs.toFixed(1)} s`;
    log(`${label}: ${fmt(done)} / ${fmt(total)} (${Math.floor((done / total) * 100)}%), ${fmt(rate)} rows/s${eta}`);
  };
}

/** Links point only at rows this script just made or read, so FK checks can be skipped (needs superuser). */
async function canSkipForeignKeyChecks(db: Db): Promise<boolean> {
  try {
    await db.transaction((tx) => tx.query('set local session_replication_role = replica'));
    return true;
  } catch {
    log('cannot set session_replication_role (not a superuser): foreign keys are checked row by row');
    return false;
  }
}

/** Tables whose search_text triggers a batch switches off: it writes search_text itself. */
const SEARCH_TEXT_TABLES = ['outlets', 'offers', 'offer_cards', 'offer_outlets'];

function inBatch<T>(db: Db, replica: boolean, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (replica) await tx.query('set local session_replication_role = replica');
    // Off and on again in this transaction: other sessions never see the triggers off, and
    // a batch that fails rolls the switch back with its rows.
    for (const t of SEARCH_TEXT_TABLES) await tx.query(`alter table ${t} disable trigger user`);
    const out = await fn(tx);
    for (const t of SEARCH_TEXT_TABLES) await tx.query(`alter table ${t} enable trigger user`);
    // With the triggers off, migration 024's list of the tables written stayed empty: written
    // here, so servers running on the same PostgreSQL drop their kept lists at this commit.
    await tx.query("select set_config('app.wrote', $1, true)", [`${[...SEARCH_TEXT_TABLES, 'cards'].join(',')},`]);
    return out;
  });
}

async function batches(label: string, total: number, size: number, run: (from: number, to: number) => Promise<void>) {
  const report = progress(label, total);
  for (let done = 0; done < total && !stopping;) {
    const n = Math.min(size, total - done);
    await run(done + 1, done + n);
    done += n;
    report(done);
    // PGlite answers through microtasks only; yield so a pending Ctrl-C is seen.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

// ---------------------------------------------------------------------------------------
// Secondary indexes: drop before a big load, rebuild after

async function dropIndexes(db: Db, tables: string[]) {
  await db.transaction(async (tx) => {
    await tx.query(`create table if not exists ${INDEX_LOG} (name text primary key, def text not null)`);
    const { rows } = await tx.query<{ name: string; def: string }>(
      `select ic.relname as name, pg_get_indexdef(ic.oid) as def
         from pg_index x join pg_class ic on ic.oid = x.indexrelid join pg_class tc on tc.oid = x.indrelid
        where tc.relnamespace = current_schema()::regnamespace and tc.relname = any($1::text[]) and not x.indisunique and not x.indisprimary
        order by ic.relname`,
      [tables],
    );
    for (const r of rows) {
      await tx.query(`insert into ${INDEX_LOG} (name, def) values ($1, $2) on conflict do nothing`, [r.name, r.def]);
      await tx.query(`drop index ${quoteIdent(r.name)}`);
    }
    if (rows.length) log(`dropped ${rows.length} indexes for the load: ${rows.map((r) => r.name).join(', ')}`);
  });
}

/** Rebuilds every index a run dropped, including one left by an interrupted earlier run. */
async function restoreIndexes(db: Db, reason: 'repair' | 'load') {
  const exists = (await db.query<{ t: string | null }>(`select to_regclass($1)::text as t`, [INDEX_LOG])).rows[0].t;
  if (!exists) return;
  const { rows } = await db.query<{ name: string; def: string }>(`select name, def from ${INDEX_LOG} order by name`);
  if (rows.length)
    log(
      `rebuilding ${rows.length} indexes dropped for the load${reason === 'repair' ? ' by an earlier, interrupted run' : ''}`,
    );
  for (const r of rows) {
    const t = performance.now();
    await db.transaction(async (tx) => {
      await tx.query(`set local maintenance_work_mem = '256MB'`);
      await tx.query(r.def.replace(/^CREATE INDEX /i, 'CREATE INDEX IF NOT EXISTS '));
      await tx.query(`delete from ${INDEX_LOG} where name = $1`, [r.name]);
    });
    log(`rebuilt index ${r.name}: ${fmt(performance.now() - t)} ms`);
  }
  await db.query(`drop table if exists ${INDEX_LOG}`);
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

// ---------------------------------------------------------------------------------------
// Cards

const PRODUCTS = [
  'Skyline',
  'Falcon',
  'Oasis',
  'Pearl',
  'Dune',
  'Marina',
  'Horizon',
  'Saffron',
  'Palm',
  'Crescent',
  'Emerald',
  'Sapphire',
  'Mirage',
  'Zenith',
  'Souk',
  'Majlis',
  'Creek',
  'Gulf',
  'Jewel',
  'Atlas',
  'Voyager',
  'Cashback',
  'Rewards',
  'Smart',
  'Lifestyle',
  'Family',
  'Student',
  'Business',
  'Prime',
  'Elite',
];
const TIERS = ['Classic', 'Gold', 'Titanium', 'Platinum', 'Signature', 'World', 'World Elite', 'Infinite'];
const CARD_BLURBS = [
  'Cashback on dining, groceries and fuel, credited monthly.',
  'Reward points on every purchase, redeemable for flights and vouchers.',
  'Airport lounge access, travel insurance and no foreign exchange fee.',
  'Buy 1 Get 1 cinema tickets and dining offers across the UAE.',
  'No annual fee for life and instant card controls in the app.',
];

async function addCards(db: Db, count: number) {
  const t = performance.now();
  const { p, values } = params();
  const base = (await db.query<{ m: number }>('select coalesce(max(id), 0)::int as m from cards')).rows[0].m;
  // Networks by market share: mostly Visa and Mastercard.
  const share: Record<string, number> = {
    visa: 10,
    mastercard: 7,
    'american express': 1,
    'diners club international': 1,
  };
  const networks = (await db.query<{ id: number; type: string }>('select id, type from networks order by id')).rows;
  const networkIds = networks.flatMap((r) => Array<number>(share[r.type.toLowerCase()] ?? 0).fill(r.id));
  if (!networkIds.length) networkIds.push(...networks.map((r) => r.id));
  if (!networkIds.length) throw new Error('no card networks in the database');
  // A few thousand rows at most: the cards' search_text trigger fills search_text in.
  const sql = `
    with ins as (
    insert into cards (name, bank_id, network_id, category_id, card_type, annual_fee, min_salary, description, status, display)
    select name, bank_id, network_id, category_id, card_type,
           case when card_type = 'debit' then 0 else fee end,
           case when card_type = 'debit' then null else salary end,
           description, status, status <> 'Discontinued'
      from (
        select ${p(PRODUCTS, 'text[]')}[1 + ${h(1)} % ${PRODUCTS.length}] || ' ' || ${p(TIERS, 'text[]')}[1 + ${h(2)} % ${TIERS.length}]
                 || case when ${h(3)} % 10 = 0 then ' Debit Card ' else ' Credit Card ' end || lpad(n::text, 4, '0') as name,
               case when ${h(3)} % 10 = 0 then 'debit' else 'credit' end as card_type,
               b.ids[1 + ${h(4)} % cardinality(b.ids)] as bank_id,
               ${p(networkIds, 'int[]')}[1 + ${h(5)} % ${networkIds.length}] as network_id,
               case when ${h(6)} % 5 = 0 then null else c.ids[1 + ${h(7)} % cardinality(c.ids)] end as category_id,
               (${p([0, 0, 0, 315, 525, 735, 1050, 1575, 2100, 3150], 'int[]')})[1 + ${h(8)} % 10] as fee,
               (${p([5000, 8000, 10000, 12000, 15000, 20000, 25000, 30000], 'int[]')})[1 + ${h(9)} % 8] as salary,
               ${p(CARD_BLURBS, 'text[]')}[1 + ${h(10)} % ${CARD_BLURBS.length}] as description,
               case when ${h(11)} % 20 = 0 then 'Discontinued' else 'Not Discontinued' end as status
          from generate_series(${p(base + 1, 'bigint')}, ${p(base + count, 'bigint')}) n,
               (select array_agg(id order by id) ids from banks) b,
               (select array_agg(id order by id) ids from categories) c
      ) x
    on conflict do nothing
    returning 1)
    select count(*)::int as n from ins`;
  const added = (await db.query<{ n: number }>(sql, values)).rows[0].n;
  log(
    `cards: ${fmt(added)} added in ${fmt(performance.now() - t)} ms${added < count ? ` (${fmt(count - added)} names already taken)` : ''}`,
  );
}

// ---------------------------------------------------------------------------------------
// Outlets

async function addOutlets(db: Db, count: number, batch: number, replica: boolean) {
  const cats = new Map(
    (await db.query<{ id: number; name: string }>('select id, name from categories')).rows.map((r) => [
      r.name.toLowerCase(),
      r,
    ]),
  );
  const coords = new Map(DUBAI_AREAS.map((a) => [a.name.toLowerCase(), a]));
  const areas = (await db.query<{ id: number; name: string }>('select id, name from dubai_cities order by id')).rows;
  if (!areas.length) throw new Error('no Dubai areas in the database');
  const areaIndex = new Map(areas.map((a, i) => [a.name.toLowerCase(), i + 1]));
  const malls = MALLS.filter((m) => m.name !== 'Dubai International Airport' && areaIndex.has(m.area.toLowerCase()));
  // Chains only: one-off venues (Ski Dubai, Atlantis…) keep their one real location.
  const weighted = BRANDS.flatMap((b, i) => (b.at ? [] : Array<number>(b.cap).fill(i + 1)));
  const { p, values } = params();
  const A = {
    w: p(weighted, 'int[]'),
    name: p(
      BRANDS.map((b) => b.name),
      'text[]',
    ),
    cat: p(
      BRANDS.map((b) => cats.get(b.category.toLowerCase())?.id ?? null),
      'int[]',
    ),
    catName: p(
      BRANDS.map((b) => cats.get(b.category.toLowerCase())?.name ?? null),
      'text[]',
    ),
    kind: p(
      BRANDS.map((b) => (b.kind === 'mall' && malls.length ? 0 : b.kind === 'street' || !malls.length ? 1 : 2)),
      'int[]',
    ),
    aId: p(
      areas.map((a) => a.id),
      'int[]',
    ),
    aName: p(
      areas.map((a) => a.name),
      'text[]',
    ),
    aLat: p(
      areas.map((a) => coords.get(a.name.toLowerCase())?.lat ?? 25.2),
      'float8[]',
    ),
    aLon: p(
      areas.map((a) => coords.get(a.name.toLowerCase())?.lon ?? 55.27),
      'float8[]',
    ),
    aRoad: p(
      areas.map((a) => coords.get(a.name.toLowerCase())?.road ?? 'Sheikh Zayed Road'),
      'text[]',
    ),
    mName: p(
      malls.map((m) => m.name),
      'text[]',
    ),
    mArea: p(
      malls.map((m) => areaIndex.get(m.area.toLowerCase())!),
      'int[]',
    ),
    mLat: p(
      malls.map((m) => m.lat),
      'float8[]',
    ),
    mLon: p(
      malls.map((m) => m.lon),
      'float8[]',
    ),
  };
  const from = p(0, 'bigint');
  const to = p(0, 'bigint');
  const nMalls = Math.max(malls.length, 1);
  const sql = `
    insert into outlets (merchant_name, branch, category_id, area_id, address, latitude, longitude, phone, search_text)
    select merchant, branch, cat_id, area_id, address, lat, lon, phone,
           outlet_search_words(merchant, branch, address, area_name, cat_name)
      from (
        select merchant, cat_id, cat_name, area_id, area_name,
               case when in_mall then mall else area_name end as branch,
               case when in_mall then 'Unit ' || (array['G','LG','F','S'])[1 + h4 % 4] || '-' || (1 + h5 % 280) || ', '
                                      || (array['Ground Floor','Lower Ground Floor','First Floor','Second Floor'])[1 + h4 % 4] || ', '
                                      || mall || ', ' || area_name || ', Dubai'
                    else 'Shop ' || (1 + h5 % 40) || ', Building ' || (1 + h6 % 120) || ', ' || road || ', ' || area_name || ', Dubai' end as address,
               round(least(25.35, greatest(24.95, lat0 + ((h7 % 20001) - 10000) / 10000.0 * spread))::numeric, 6)::float8 as lat,
               round(least(55.45, greatest(55.05, lon0 + ((h8 % 20001) - 10000) / 10000.0 * spread))::numeric, 6)::float8 as lon,
               '+971 4 ' || (200 + h9 % 800) || ' ' || (1000 + (h9 / 800) % 9000) as phone
          from (
            select merchant, cat_id, cat_name, in_mall, h4, h5, h6, h7, h8, h9,
                   ${A.aId}[ai] as area_id, ${A.aName}[ai] as area_name, ${A.aRoad}[ai] as road,
                   case when in_mall then ${A.mName}[mi] end as mall,
                   case when in_mall then ${A.mLat}[mi] else ${A.aLat}[ai] end as lat0,
                   case when in_mall then ${A.mLon}[mi] else ${A.aLon}[ai] end as lon0,
                   case when in_mall then 0.0012 else 0.008 end as spread
              from (
                select *, case when in_mall then ${A.mArea}[mi] else 1 + h3 % ${areas.length} end as ai
                  from (
                    select ${A.name}[bi] as merchant, ${A.cat}[bi] as cat_id, ${A.catName}[bi] as cat_name,
                           (${A.kind}[bi] = 0 or (${A.kind}[bi] = 2 and h2 % 2 = 0)) as in_mall,
                           1 + h3 % ${nMalls} as mi, h3, h4, h5, h6, h7, h8, h9
                      from (
                        select ${A.w}[1 + ${h(21)} % ${weighted.length}] as bi, ${h(22)} as h2, ${h(23)} as h3, ${h(24)} as h4,
                               ${h(25)} as h5, ${h(26)} as h6, ${h(27)} as h7, ${h(28)} as h8, ${h(29)} as h9
                          from generate_series(${from}, ${to}) n
                      ) g offset 0
                  ) b offset 0
              ) c offset 0
          ) d offset 0
      ) e`;
  const salt = (await db.query<{ m: number }>('select coalesce(max(id), 0)::int as m from outlets')).rows[0].m;
  await batches('outlets', count, batch, async (lo, hi) => {
    values[values.length - 2] = salt + lo;
    values[values.length - 1] = salt + hi;
    await inBatch(db, replica, (tx) => tx.query(sql, values));
  });
}

// ---------------------------------------------------------------------------------------
// Offers

/** Short terms, {b} = bank name. Kept brief: a million rows of long terms is mostly dead weight. */
const TERMS = [
  'Offer valid on presentation of an eligible {b} card. Not valid with other promotions.',
  'Pay in full with an eligible {b} card. Limited to one redemption per cardholder per day.',
  'Valid for dine-in only. Not valid on public holidays. {b} terms and conditions apply.',
  'Maximum discount of AED 200 per transaction. Supplementary cardholders are eligible.',
  'Subject to availability. The merchant may change the offer without notice. {b} is not responsible for the goods or services provided.',
  'Applicable on full-price items only. Not valid on gift cards. {b} terms and conditions apply.',
  'Cashback is credited within 30 days and capped at AED 150 per month. Valid with an eligible {b} card.',
  'Bookings must be made at least 48 hours in advance. Blackout dates apply.',
];

/** The offer wording sets of offers.ts, by the kind of business; unknown merchants go by category. */
function templateSets() {
  const sets: [string, Template[]][] = [
    ['electronics', ELECTRONICS],
    ...(Object.entries(TEMPLATES) as [string, Template[]][]),
  ];
  const index = new Map(sets.map(([k], i) => [k, i + 1]));
  const titles: string[] = [];
  const discounts: string[] = [];
  const start: number[] = [];
  const size: number[] = [];
  for (const [, list] of sets) {
    start.push(titles.length + 1);
    size.push(list.length);
    for (const [t, d] of list) {
      titles.push(t);
      discounts.push(d);
    }
  }
  const byBrand = BRANDS.map((b) => index.get(b.category === 'Electronics' ? 'electronics' : b.tag)!);
  const byCategory: [string, string][] = [
    ['Dining', 'restaurant'],
    ['Shopping', 'retail'],
    ['Travel', 'travel'],
    ['Entertainment', 'attraction'],
    ['Health & Wellness', 'gym'],
    ['Groceries', 'grocer'],
    ['Fuel', 'fuel'],
    ['Electronics', 'electronics'],
    ['Fashion', 'retail'],
    ['Hotels & Staycations', 'hotel'],
  ];
  return {
    titles,
    discounts,
    start,
    size,
    byBrand,
    byCategory: byCategory.map(([c, k]) => [c, index.get(k)!] as const),
    retail: index.get('retail')!,
  };
}

/**
 * A few small real pictures saved through the uploads store, as the demo seed saves its own
 * (server/db/seed/seed.ts), for the offers given an image to share: the health checker
 * (server/services/mediaChecks.ts) finds them there, so only the broken ones a bench plants
 * show in "Broken media and links".
 */
async function offerImages(dataDir: string): Promise<string[]> {
  const uploads = createUploads(dataDir);
  const colours = [
    [214, 69, 65],
    [39, 121, 189],
    [46, 160, 67],
    [240, 173, 78],
    [142, 68, 173],
    [22, 160, 133],
    [127, 140, 141],
    [230, 126, 34],
  ];
  return Promise.all(colours.map((c) => uploads.saveImage('image', solidPng(48, c))));
}

/** Adds `count` offers; `images` the paths of the percent `imagePercent` given one. */
async function addOffers(
  db: Db,
  count: number,
  batch: number,
  replica: boolean,
  imagePercent: number,
  images: readonly string[],
) {
  const t0 = performance.now();
  // Lookup tables: row i → a card / an outlet, with the words offers show and search on.
  await db.query(`drop table if exists ${PICK_CARDS}`);
  await db.query(`drop table if exists ${PICK_OUTLETS}`);
  for (const where of ["c.display and c.status = 'Not Discontinued'", 'true']) {
    await db.query(`create unlogged table ${PICK_CARDS} as
      select (row_number() over (order by c.bank_id, c.id))::int as i, c.id, c.name, b.name as bank_name, b.code as bank_code,
             offer_card_words(b.name, b.code, c.name) as frag
        from cards c join banks b on b.id = c.bank_id where ${where}`);
    if ((await db.query<{ n: number }>(`select count(*)::int as n from ${PICK_CARDS}`)).rows[0].n) break;
    await db.query(`drop table ${PICK_CARDS}`);
  }
  const ts = templateSets();
  {
    const { p, values } = params();
    await db.query(
      `create unlogged table ${PICK_OUTLETS} as
       select (row_number() over (order by o.merchant_name, o.id))::int as i, o.id, o.merchant_name,
              coalesce(o.branch, a.name, o.merchant_name) as branch, o.category_id, cat.name as category_name,
              offer_outlet_words(o.merchant_name, a.name) as frag,
              coalesce(bt.tset, ct.tset, ${p(ts.retail, 'int')}) as tset
         from outlets o
         left join dubai_cities a on a.id = o.area_id
         left join categories cat on cat.id = o.category_id
         left join (select distinct on (merchant) merchant, tset from unnest(${p(
           BRANDS.map((b) => b.name),
           'text[]',
         )}, ${p(ts.byBrand, 'int[]')}) as u(merchant, tset)) bt
                on bt.merchant = o.merchant_name
         left join unnest(${p(
           ts.byCategory.map((x) => x[0]),
           'text[]',
         )}, ${p(
           ts.byCategory.map((x) => x[1]),
           'int[]',
         )}) as ct(cat, tset) on ct.cat = cat.name`,
      values,
    );
  }
  for (const tbl of [PICK_CARDS, PICK_OUTLETS]) {
    await db.query(`alter table ${tbl} add primary key (i)`);
    await db.query(`analyze ${tbl}`);
  }
  const nCards = (await db.query<{ n: number }>(`select count(*)::int as n from ${PICK_CARDS}`)).rows[0].n;
  const nOutlets = (await db.query<{ n: number }>(`select count(*)::int as n from ${PICK_OUTLETS}`)).rows[0].n;
  if (!nCards || !nOutlets) throw new Error('offers need at least one card and one outlet');
  log(
    `offers: picking from ${fmt(nCards)} cards and ${fmt(nOutlets)} outlets (${fmt(performance.now() - t0)} ms to prepare)`,
  );

  const { p, values } = params();
  const V = {
    title: p(ts.titles, 'text[]'),
    discount: p(ts.discounts, 'text[]'),
    start: p(ts.start, 'int[]'),
    size: p(ts.size, 'int[]'),
    percent: p(PERCENT, 'int[]'),
    cashback: p([5, 5, 7, 10, 10, 15], 'int[]'),
    spend: p([100, 150, 200, 250, 300, 500], 'int[]'),
    share: p([0.1, 0.15, 0.2, 0.25], 'float8[]'),
    terms: p(TERMS, 'text[]'),
    crawled: p(CRAWLED_BANKS, 'text[]'),
    ref: p(REFERENCE_DATE, 'date'),
    images: p(images, 'text[]'),
  };
  const from = p(0, 'bigint');
  const to = p(0, 'bigint');
  // string_agg(distinct …, ' ') of one or two link words, as offer_search_text() builds them.
  const two = (a: string, b: string) =>
    `case when ${b} is null or ${b} = ${a} then ${a} else least(${a}, ${b}) || ' ' || greatest(${a}, ${b}) end`;
  const fill = (col: string) =>
    `replace(replace(replace(replace(replace(${col}, '{m}', merchant), '{p}', pct::text), '{c}', cb::text), '{s}', spend::text), '{a}', amount::text)`;
  const sql = `
    with g as materialized (
      select n, nextval(pg_get_serial_sequence('offers', 'id'))::int as id,
             1 + ${h(31)} % ${nOutlets} as o1,
             case when ${nOutlets} > 1 and ${h(32)} % 100 < 45 then 1 + (${h(31)} % ${nOutlets} + 1) % ${nOutlets} end as o2,
             1 + ${h(33)} % ${nCards} as c1,
             case when ${nCards} > 1 and ${h(34)} % 100 < 40 then 1 + (${h(33)} % ${nCards} + 1) % ${nCards} end as c2
        from generate_series(${from}, ${to}) n
    ),
    ins as (
      insert into offers (id, title, description, discount, valid_from, valid_to, terms, category_id, from_source, search_text, image)
      select id, title, description, discount, vf0, vt, terms, category_id, source,
             offer_search_words(title, discount, source, category_name, ${two('cf1', 'cf2')}, ${two('of1', 'of2')}),
             case when ${h(45, 'id')} % 100 < ${imagePercent} then ${V.images}[1 + ${h(46, 'id')} % ${Math.max(1, images.length)}] end
        from (
          select *, greatest(vf0, least(vt0, date '2028-12-31')) as vt,
                 'Pay with your ' || bank || ' ' || card1 || coalesce(' or ' || card2, '') || ' and enjoy '
                   || case when substr(title, 2, 1) ~ '[a-z]' then lower(left(title, 1)) else left(title, 1) end || substr(title, 2)
                   || '. Available at ' || branch1
                   || coalesce(' and ' || nullif(branch2, branch1), '') || '.' as description
            from (
              select *, ${fill('tpl_title')} as title, ${fill('tpl_discount')} as discount,
                     greatest(date '2025-01-01', least(date '2028-12-31', vf_raw)) as vf0, vt_raw as vt0
                from (
                  select g.id, so1.merchant_name as merchant, so1.category_id, so1.category_name, so1.branch as branch1, so2.branch as branch2,
                         so1.frag as of1, so2.frag as of2, sc1.frag as cf1, sc2.frag as cf2, sc1.bank_name as bank, sc1.name as card1, sc2.name as card2,
                         ${V.title}[${V.start}[so1.tset] + ${h(35, 'g.n')} % ${V.size}[so1.tset]] as tpl_title,
                         ${V.discount}[${V.start}[so1.tset] + ${h(35, 'g.n')} % ${V.size}[so1.tset]] as tpl_discount,
                         ${V.percent}[1 + ${h(36, 'g.n')} % ${PERCENT.length}] as pct,
                         ${V.cashback}[1 + ${h(37, 'g.n')} % 6] as cb,
                         ${V.spend}[1 + ${h(38, 'g.n')} % 6] as spend,
                         greatest(10, round(${V.spend}[1 + ${h(38, 'g.n')} % 6] * ${V.share}[1 + ${h(39, 'g.n')} % 4] / 5) * 5)::int as amount,
                         replace(${V.terms}[1 + ${h(40, 'g.n')} % ${TERMS.length}], '{b}', sc1.bank_name) as terms,
                         case when sc1.bank_code = any(${V.crawled}) and ${h(41, 'g.n')} % 100 < 25 then lower(sc1.bank_code) || '_crawl' else 'manual' end as source,
                         case when ${h(42, 'g.n')} % 100 < 65 then ${V.ref} - (${h(43, 'g.n')} % 541)::int
                              when ${h(42, 'g.n')} % 100 < 85 then ${V.ref} - 20 - (${h(44, 'g.n')} % 621)::int - 14 - (${h(43, 'g.n')} % 167)::int
                              else ${V.ref} + 60 + (${h(43, 'g.n')} % 541)::int end as vf_raw,
                         case when ${h(42, 'g.n')} % 100 < 65 then ${V.ref} + 60 + (${h(44, 'g.n')} % 721)::int
                              when ${h(42, 'g.n')} % 100 < 85 then ${V.ref} - 20 - (${h(44, 'g.n')} % 621)::int
                              else ${V.ref} + 60 + (${h(43, 'g.n')} % 541)::int + 30 + (${h(44, 'g.n')} % 336)::int end as vt_raw
                    from g
                    join ${PICK_OUTLETS} so1 on so1.i = g.o1
                    left join ${PICK_OUTLETS} so2 on so2.i = g.o2
                    join ${PICK_CARDS} sc1 on sc1.i = g.c1
                    left join ${PICK_CARDS} sc2 on sc2.i = g.c2
                ) a offset 0
            ) b offset 0
        ) c
    ),
    lc as (
      insert into offer_cards (offer_id, card_id)
      select g.id, c.id from g join ${PICK_CARDS} c on c.i = g.c1
      union all
      select g.id, c.id from g join ${PICK_CARDS} c on c.i = g.c2
    ),
    lo as (
      insert into offer_outlets (offer_id, outlet_id)
      select g.id, o.id from g join ${PICK_OUTLETS} o on o.i = g.o1
      union all
      select g.id, o.id from g join ${PICK_OUTLETS} o on o.i = g.o2
    )
    select count(*)::int as n from g`;
  const salt = (await db.query<{ m: number }>('select coalesce(max(id), 0)::int as m from offers')).rows[0].m;
  try {
    await batches('offers', count, batch, async (lo, hi) => {
      values[values.length - 2] = salt + lo;
      values[values.length - 1] = salt + hi;
      await inBatch(db, replica, async (tx) => {
        await tx.query(sql, values);
        // Statistics first: with none on the links (never analyzed while the load runs), the
        // planner expects ~1,000 links per offer and the refreshes below hash every outlet for
        // each offer (measured on PostgreSQL 15: one batch of 50,000 still running after 13 min).
        await tx.query('analyze offers, offer_cards, offer_outlets');
        // The link triggers are off in a batch: the offers' banks (migration 023) are filled here.
        await tx.query(
          `insert into offer_bank_links (offer_id, bank_id, k_category_id, k_valid_from, k_valid_to, k_created_at, k_title, k_batch_id)
           select o.id, b.bank_id, o.category_id, o.valid_from, o.valid_to, o.created_at, lower(o.title), o.batch_id
           from (select distinct oc.offer_id, c.bank_id from offer_cards oc join cards c on c.id = oc.card_id
                 where oc.offer_id between $1 and $2) b
           join offers o on o.id = b.offer_id`,
          [salt + lo, salt + hi],
        );
        // And their list rows' names and ids (migration 029_offer_list_rows.sql).
        await tx.query('select offer_list_rows_refresh(array(select id from offers where id between $1 and $2))', [
          salt + lo,
          salt + hi,
        ]);
        // And which of them no card shown or no outlet reaches (migration 034_health_speed.sql).
        await tx.query('select offer_reach_refresh(array(select id from offers where id between $1 and $2))', [
          salt + lo,
          salt + hi,
        ]);
        // And which of them lack an image or terms (migration 038_health_kept.sql).
        await tx.query('select offer_gaps_refresh(array(select id from offers where id between $1 and $2))', [
          salt + lo,
          salt + hi,
        ]);
        // And marked for the duplicates' pairs, found by the loop (migration 036_health_pairs.sql).
        await tx.query("select health_pairs_mark('offer', array(select id from offers where id between $1 and $2))", [
          salt + lo,
          salt + hi,
        ]);
      });
    });
  } finally {
    await db.query(`drop table if exists ${PICK_CARDS}`);
    await db.query(`drop table if exists ${PICK_OUTLETS}`);
  }
}

main().catch((err) => {
  console.error(`[seed:large] failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
