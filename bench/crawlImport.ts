// The import of a crawl file whose offers name their cards and outlets (the usual case), at
// 2,000 and 20,000 offers, against the name resolution as it was queried before (one SQL
// statement joining the source's refs to the offers' names: `BASELINE_RESOLVE` below). Each
// import runs on a database of its own, freshly migrated, as a source's first import does:
// its tables' statistics know nothing of the rows just written. Part of `npm run bench:crawl`.
import { openDb, type Db, type Tx } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { importRefs, writeRefs, type CrawlRecord } from '../server/services/crawlImport';
import type { Cluster } from '../scripts/postgres';

const IMPORT_SIZES = [2_000, 5_000, 20_000];

/**
 * A bank site's crawl: a card per 10 offers and an outlet per 2 (two branches per merchant);
 * each offer names two cards (one by its name as the site spells it, one by its key) and two
 * outlets (one as "merchant branch", one by the merchant, which both its branches answer).
 */
function namingFile(offers: number): CrawlRecord[] {
  const cards = Math.max(1, Math.round(offers / 10));
  const outlets = Math.max(2, Math.round(offers / 2));
  const records: CrawlRecord[] = [];
  for (let i = 0; i < cards; i++) records.push({ kind: 'card', key: `card-${i}`, name: `Bank Platinum Card ${i}` });
  for (let i = 0; i < outlets; i++)
    records.push({
      kind: 'outlet',
      key: `outlet-${i}`,
      merchant: `Café Merchant ${i >> 1}`,
      branch: `Branch ${i % 2 ? 'Mall' : 'Marina'}`,
    });
  for (let i = 0; i < offers; i++) {
    const outlet = (i * 7) % outlets;
    records.push({
      kind: 'offer',
      key: `offer-${i}`,
      title: `Offer ${i}`,
      cards: [`bank  platinum card ${i % cards}`, `card-${(i * 3) % cards}`],
      outlets: [
        `cafe merchant ${outlet >> 1} branch ${outlet % 2 ? 'mall' : 'marina'}`,
        `Café Merchant ${(i * 11) % (outlets >> 1)}`,
      ],
    });
  }
  return records;
}

/** Databases for one import each: fresh per call, migrated once (a template on PostgreSQL). */
async function freshDatabases(cluster: Cluster | undefined) {
  if (!cluster)
    return {
      open: async () => {
        const db = await openDb({});
        await prepare(db);
        return { db, drop: () => db.close() };
      },
      close: async () => undefined,
    };
  const admin = await openDb({ databaseUrl: cluster.url });
  const urlOf = (name: string) => cluster.url.replace(/\/postgres$/, `/${name}`);
  await admin.read((tx) => tx.query('create database bench_import_template'));
  const template = await openDb({ databaseUrl: urlOf('bench_import_template') });
  await prepare(template);
  await template.close();
  let n = 0;
  return {
    open: async () => {
      const name = `bench_import_${++n}`;
      await admin.read((tx) => tx.query(`create database ${name} template bench_import_template`));
      const db = await openDb({ databaseUrl: urlOf(name) });
      return {
        db,
        drop: async () => {
          await db.close();
          await admin.read((tx) => tx.query(`drop database ${name}`));
        },
      };
    },
    close: () => admin.close(),
  };
}

/**
 * A database as a running product's is: migrated, three small sources imported (the demo's
 * have 24 offers each) and its statistics gathered, as autovacuum would have by then.
 */
async function prepare(db: Db) {
  await migrate(db);
  for (const site of ['first-site', 'second-site', 'third-site'])
    await db.transaction((tx) => importRefs(tx, { from_source: site }, namingFile(24)));
  await db.read((tx) => tx.query('analyze'));
}

/** Times ours and the baseline at each size; prints a line per size. */
export async function importLines(cluster: Cluster | undefined, runs: number, baselineMax: number) {
  const dbs = await freshDatabases(cluster);
  try {
    for (const size of IMPORT_SIZES) {
      const file = namingFile(size);
      const ours: number[] = [];
      const base: number[] = [];
      let oursDigest = '';
      let baseDigest = '';
      for (let i = 0; i < runs; i++) {
        const r = await timedImport(dbs, (tx) => importRefs(tx, { from_source: 'bench-site' }, file));
        ours.push(r.ms);
        oursDigest = r.digest;
      }
      // The baseline's minutes are run once above 2,000 offers.
      const baseRuns = size <= baselineMax ? (size > 2_000 ? 1 : runs) : 0;
      for (let i = 0; i < baseRuns; i++) {
        const r = await timedImport(dbs, async (tx) => {
          const outcome = await writeRefs(tx, { from_source: 'bench-site' }, file);
          await tx.query(BASELINE_RESOLVE, [outcome.source_id]);
        });
        base.push(r.ms);
        baseDigest = r.digest;
      }
      if (baseRuns && baseDigest !== oursDigest)
        throw new Error(`import of ${size} offers: our names resolve to other refs than the baseline's`);
      const o = median(ours);
      const b = baseRuns ? median(base) : NaN;
      const label = `import ${size.toLocaleString('en-US')} offers naming cards and outlets (${Math.round(size / 10).toLocaleString('en-US')} cards, ${Math.round(size / 2).toLocaleString('en-US')} outlets)`;
      const runsSaid = `median of ${runs}${baseRuns === runs ? '' : baseRuns ? `; baseline ${baseRuns} run` : `; baseline not run above ${baselineMax.toLocaleString('en-US')} offers (--baseline-max)`}`;
      console.log(
        `${label}: ours=${Math.round(o)}ms baseline=${baseRuns ? `${Math.round(b)}ms` : 'skipped'} ratio=${baseRuns ? (b / o).toFixed(1) : '–'} (${runsSaid})`,
      );
    }
  } finally {
    await dbs.close();
  }
}

async function timedImport(dbs: Awaited<ReturnType<typeof freshDatabases>>, run: (tx: Tx) => Promise<unknown>) {
  const { db, drop } = await dbs.open();
  try {
    const t = performance.now();
    await db.transaction(run);
    const ms = performance.now() - t;
    return { ms, digest: await digest(db) };
  } finally {
    await drop();
  }
}

/** Every offer's resolved refs, by key, in one string: equal exactly when the answers are. */
async function digest(db: Db): Promise<string> {
  const rows = await db.read((tx) =>
    tx.query<{ d: string }>(
      `select md5(string_agg(o.source_key || ':' || coalesce((select string_agg(c.source_key, ',' order by c.id) from crawl_cards c where c.id = any(o.card_ref_ids)), '')
                                        || ':' || coalesce((select string_agg(t.source_key, ',' order by t.id) from crawl_outlets t where t.id = any(o.outlet_ref_ids)), ''), ';' order by o.source_key)) as d
       from crawl_offers o`,
    ),
  );
  return rows.rows[0].d;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The name resolution as server/services/crawlImport.ts queried it before (one statement; its joins planned on the tables' statistics). */
const BASELINE_RESOLVE = `with c as materialized (select id, norm_name(name) as n, source_key as k from crawl_cards where source_id = $1),
     t as materialized (select id, norm_name(merchant_name) as n, norm_name(concat_ws(' ', merchant_name, branch)) as nb, source_key as k
                        from crawl_outlets where source_id = $1),
     names as materialized (
       select o.id as offer_id, 'card' as kind, x as raw, norm_name(x) as n from crawl_offers o, unnest(o.card_names) x where o.source_id = $1
       union all
       select o.id, 'outlet', x, norm_name(x) from crawl_offers o, unnest(o.outlet_names) x where o.source_id = $1),
     hits as (
       select nm.offer_id, nm.kind, c.id from names nm join c on nm.kind = 'card' and c.n = nm.n
       union select nm.offer_id, nm.kind, c.id from names nm join c on nm.kind = 'card' and c.k = nm.raw
       union select nm.offer_id, nm.kind, t.id from names nm join t on nm.kind = 'outlet' and t.n = nm.n
       union select nm.offer_id, nm.kind, t.id from names nm join t on nm.kind = 'outlet' and t.nb = nm.n
       union select nm.offer_id, nm.kind, t.id from names nm join t on nm.kind = 'outlet' and t.k = nm.raw),
     found as (
       select offer_id, array_agg(id order by id) filter (where kind = 'card') as cards,
              array_agg(id order by id) filter (where kind = 'outlet') as outlets
       from hits group by offer_id)
     update crawl_offers o set card_ref_ids = coalesce(f.cards, '{}'), outlet_ref_ids = coalesce(f.outlets, '{}')
     from crawl_offers o2 left join found f on f.offer_id = o2.id
     where o.id = o2.id and o.source_id = $1`;
