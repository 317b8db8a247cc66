// The catalogue health queues at scale (issue 36's Speed: count ≤ 50 ms, first page ≤ 20 ms,
// next row ≤ 50 ms after a key), each figure beside a plain-SQL baseline in the same run, one
// line each: `NAME: ours=… baseline=… ratio=…` (ratio = baseline / ours: above 1, ours is faster).
//
//   npm run bench:health                          100,000 offers, on PGlite then PostgreSQL
//   npm run bench:health -- --offers 1000000      a million (seeding takes a few minutes each)
//   npm run bench:health -- --db postgres         one database only (pglite | postgres | both)
//   npm run bench:health -- --runs 40             more runs per figure (default 20)
//   … --keep / --seed-only                          leave the database (and PostgreSQL) for a look
//   DATA_DIR=… [DATABASE_URL=…] npm run bench:health -- --reuse --db …   time a kept one again
//   … --explain                                    print each queue's count and page plans
//   … --queues unreachable,emptyCards              only these queues (and no every-queue figure)
//
// Each database is a fresh one, seeded by `npm run seed:large` (bench/seedOffers.ts), then given
// planted problems in realistic shares (`plant` below: offers with no card or outlet, cards
// hidden or discontinued, offers ending this week or ended but still on the homepage, offers
// with no image or terms, offers whose image file is missing, outlets with no area or location,
// empty cards and categories, likely duplicates).
//
// Every queue the contract lists (contract/healthQueues.ts) is measured, so a queue added there
// is picked up. Ours: the queue's count and first page as server/services/health.ts reads them,
// the `health.rows` call through the app (count and page, HTTP layer, answer cache off), and
// the next row after a key: a fix of the first row then the page after it, as the screen asks
// (undone after each run, untimed). The screen itself paints the next row before the server
// answers (src/features/health/healthModel.ts): this is the round trip behind it. Baseline: the queue written as plain SQL by hand (joins and
// NOT EXISTS over the catalogue's tables, no kept fact), straight through the driver; a queue
// with no hand-written baseline here is measured against its own SQL run bare (said so in its
// line). The two counts are compared, and a difference is printed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login } from '@contract/auth';
import { applyHealthFix, HEALTH_PAGE, listHealthQueues, listHealthRows, undoHealthFix } from '@contract/health';
import { HEALTH_ENDING_DAYS, HEALTH_QUEUES, type HealthQueueDef, type HealthQueueId } from '@contract/healthQueues';
import { pathOf } from '@contract/operation';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb, type Db } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { hashPassword } from '../server/security/passwords';
import { healthCount, healthPage, healthQueueSql } from '../server/services/health';
import { createMailer } from '../server/services/mail';
import { startCluster } from '../scripts/postgres';
import { arg, inTurns, ratioLine } from './compare';
import { pct, time } from './timing';
import { seedOffers } from './seedOffers';

const OFFERS = Number(arg('offers') ?? 100_000);
const RUNS = Number(arg('runs') ?? 20);
const DBS = (arg('db') ?? 'both') === 'both' ? ['pglite', 'postgres'] : [arg('db')!];
/** The screen's page (the call's default). */
const PAGE = HEALTH_PAGE;
/** --keep: the database is left as it is (and PostgreSQL running) for EXPLAIN, its address printed. */
const KEEP = process.argv.includes('--keep');
/** --seed-only: seeded and planted, nothing timed (with --keep, a database to look into). */
const SEED_ONLY = process.argv.includes('--seed-only');
/** --reuse: the database DATA_DIR (and DATABASE_URL) names, as a --keep run left it: nothing seeded. */
const REUSE = process.argv.includes('--reuse');
/** --explain: each queue's count and first page plans printed (EXPLAIN ANALYZE). */
const EXPLAIN = process.argv.includes('--explain');
/** --queues a,b: only these queues are timed (the every-queue figure left out). */
const QUEUES = arg('queues')?.split(',');
const PASSWORD = 'bench-password';

const TODAY = 'catalogue_today()';
const LIVE = `o.valid_from <= ${TODAY} and o.valid_to >= ${TODAY}`;
const SHOWN = `(o.batch_id is null or o.batch_id not in (select id from write_batches where state = 'pending'))`;
const PLACED = `o.id in (select offer_id from selected_offers where is_active and (ends_at is null or ends_at > now()) and (starts_at is null or starts_at <= now())
  union select offer_id from hero_banners where is_active and (ends_at is null or ends_at > now()) and (starts_at is null or starts_at <= now())
  union select offer_id from dont_miss_out where is_active and (ends_at is null or ends_at > now()) and (starts_at is null or starts_at <= now()))`;

/** Each queue as someone would write it by hand: table alias and condition. */
const BASELINES: Partial<Record<HealthQueueId, { from: string; where: string }>> = {
  ending: {
    from: 'offers o',
    where: `${SHOWN} and ((o.valid_from <= ${TODAY} and o.valid_to >= ${TODAY} and o.valid_to < ${TODAY} + ${HEALTH_ENDING_DAYS})
      or (o.valid_to < ${TODAY} and ${PLACED}))`,
  },
  unreachable: {
    from: 'offers o',
    where: `${LIVE} and ${SHOWN}
      and (not exists (select 1 from offer_cards oc join cards c on c.id = oc.card_id
                        where oc.offer_id = o.id and c.display and c.status = 'Not Discontinued')
           or not exists (select 1 from offer_outlets oo where oo.offer_id = o.id))`,
  },
  emptyCards: {
    from: 'cards o',
    where: `o.display and not exists (select 1 from offer_cards oc join offers f on f.id = oc.offer_id
      where oc.card_id = o.id and f.valid_from <= ${TODAY} and f.valid_to >= ${TODAY})`,
  },
  emptyCategories: {
    from: 'categories o',
    where: `o.is_active and not exists (select 1 from offers f where f.category_id = o.id and f.valid_from <= ${TODAY} and f.valid_to >= ${TODAY})`,
  },
  offersIncomplete: {
    from: 'offers o',
    where: `o.valid_to >= ${TODAY} and ${SHOWN} and (o.image is null or coalesce(btrim(o.terms), '') = '')`,
  },
  outletsIncomplete: {
    from: 'outlets o',
    where: 'o.area_id is null or o.latitude is null or o.longitude is null',
  },
};

/**
 * Problems in realistic shares, chosen by id so a run is repeatable: the big column changes
 * with the tables' triggers off in their transaction (as scripts/seedLarge.ts writes), the
 * link and date changes through the triggers, as an admin's writes go.
 */
/** A non-negative pseudo-random integer from a column and a salt, the same in every run. */
const hash = (column: string, salt: number) => `(hashint8extended(${column}, ${salt}) & 2147483647)`;

async function plant(db: Db) {
  const t = performance.now();
  await db.transaction(async (tx) => {
    await tx.query('alter table offers disable trigger user');
    // 2 % of offers without terms (5 % have no image from the seed: --images 95).
    await tx.query(`update offers set terms = null where id % 50 = 1`);
    // 1 % of offers name an image whose file is not in the uploads (the seed's are real files):
    // what the health checker lists in "Broken media and links" once its rounds reach them.
    await tx.query(
      `update offers set image = '/uploads/0e0e0e0e-0000-4000-8000-' || lpad(id::text, 12, '0') || '.png'
        where id % 100 = 8 and image is not null`,
    );
    // Likely duplicates at a crawled catalogue's share, not the generator's: its offers of a
    // merchant come from a few title templates and its outlets are named by merchant and area,
    // so 23 % of offers (370,911 pairs) and 90 % of outlets (702,851 pairs) were alike at a
    // million offers. Three offers in four get a reference number in the title (figures differ,
    // so never alike: ../server/repositories/healthPairs.ts `OFFER_ALIKE`), and 47 outlets in 50
    // a unit number in the branch (similarity below the setting); the rest stay as generated.
    await tx.query(
      `update offers set title = title || ' · ref ' || (100000 + ${hash('id', 1)} % 900000) where id % 4 <> 0`,
    );
    await tx.query('alter table offers enable trigger user');
    // What the triggers keep of it: the offers that lack something (migration 038_health_kept.sql).
    await tx.query('select offer_gaps_refresh(array(select id from offers where id % 50 = 1))');
    await tx.query('alter table outlets disable trigger user');
    // 2 % of outlets without an area, 1 % without a location.
    await tx.query(`update outlets set area_id = null where id % 50 = 0`);
    await tx.query(`update outlets set latitude = null, longitude = null where id % 100 = 1`);
    await tx.query(
      `update outlets set branch = coalesce(branch || ', ', '') || 'unit ' || (10000 + ${hash('id', 2)} % 90000) where id % 50 >= 3`,
    );
    await tx.query('alter table outlets enable trigger user');
  });
  await db.transaction(async (tx) => {
    // 1 % of offers lose their cards, 1 % their outlets; 1 % of cards hidden, 0.5 % discontinued.
    await tx.query('delete from offer_cards where offer_id % 100 = 3');
    await tx.query('delete from offer_outlets where offer_id % 100 = 4');
    await tx.query('update cards set display = false where id % 100 = 5');
    await tx.query(`update cards set status = 'Discontinued' where id % 200 = 6`);
    // 0.5 % of live offers end within the week.
    await tx.query(
      `update offers set valid_to = ${TODAY} + (id % ${HEALTH_ENDING_DAYS}) where id % 200 = 7 and ${LIVE.replace(/o\./g, '')}`,
    );
    // 20 cards and 3 categories no offer names; 10 ended offers still on the homepage.
    await tx.query(
      `insert into cards (name, bank_id, network_id, display)
       select 'Bench empty card ' || g, (select min(id) from banks), (select min(id) from networks), true
         from generate_series(1, 20) g`,
    );
    await tx.query(`insert into categories (name) select 'Bench empty category ' || g from generate_series(1, 3) g`);
    await tx.query(
      `insert into selected_offers (position, offer_id)
       select (select coalesce(max(position), 0) from selected_offers) + row_number() over (order by id), id
         from (select id from offers where valid_to < ${TODAY} and id not in (select offer_id from selected_offers)
               order by id limit 10) e`,
    );
  });
  await db.read((tx) => tx.query('analyze'));
  return performance.now() - t;
}

async function run(kind: string) {
  const env = { ...process.env };
  // An existing database (REUSE: DATA_DIR, and DATABASE_URL for PostgreSQL): timed as it is.
  const reuse = REUSE ? (kind === 'postgres') === !!env.DATABASE_URL : false;
  const cluster = kind === 'postgres' && !reuse ? await startCluster() : null;
  if (cluster) env.DATABASE_URL = cluster.url;
  else if (kind === 'pglite') delete env.DATABASE_URL;
  const dataDir = reuse ? env.DATA_DIR! : fs.mkdtempSync(path.join(os.tmpdir(), 'cards-bench-health-'));
  try {
    const t = performance.now();
    if (!reuse) {
      console.log(`\nseeding ${OFFERS.toLocaleString('en')} offers on ${kind} …`);
      // 95 % of the offers with an image: the seed's own share, not an update of every row after.
      seedOffers(OFFERS, { ...env, DATA_DIR: dataDir }, ['--images', '95']);
    }
    const seedMs = performance.now() - t;
    const config = loadConfig({ ...env, DATA_DIR: dataDir, PORT: '0' });
    const db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
    await migrate(db);
    const plantMs = reuse ? 0 : await plant(db);
    const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) =>
      db.read((tx) => tx.query<T>(text, params));
    const email = 'bench@bench.local';
    await sql('delete from users where email = $1', [email]); // a --reuse run finds the last one's
    await sql("insert into users (name, email, role, password_hash) values ('Bench', $1, 'admin', $2)", [
      email,
      await hashPassword(PASSWORD),
    ]);
    const app = await buildApp({
      config,
      db,
      mailer: createMailer({ dataDir: config.dataDir, from: config.mailFrom, log: () => {} }),
      answerCache: false,
    });
    // The duplicates' pairs are kept by the app's loop (server/services/healthPairs.ts): its
    // first round finds every pair of the seeded catalogue before anything is timed.
    const pairsStart = performance.now();
    await app.healthPairs.idle();
    const pairsMs = performance.now() - pairsStart;
    // The checker's round at start (server/services/mediaChecks.ts: 20,000 images and links, then
    // every queue counted for the day's scores) shares the machine's cores with whatever is
    // timed: the queues are timed after it, as a server between its rounds answers them. Timed
    // during it, a duplicate offers' page read 20–23 ms through the app against 9 ms alone.
    const checksStart = performance.now();
    await app.healthChecks.idle();
    const checksMs = performance.now() - checksStart;
    const token = (
      await app.inject({ method: 'POST', url: pathOf(login), payload: { email, password: PASSWORD } })
    ).json().data.token;
    const headers = { authorization: `Bearer ${token}` };
    const inject = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
      const r = await app.inject({ method, url, headers, ...(payload && { payload }) });
      return { status: r.statusCode, json: () => r.json(), body: r.body };
    };
    const offers = (await sql<{ n: number }>('select count(*)::int as n from offers')).rows[0].n;
    const load = os.loadavg().map((l) => l.toFixed(1));
    console.log(
      `health: ${offers.toLocaleString('en')} offers on ${db.kind} (seeded in ${(seedMs / 1000).toFixed(0)} s, problems planted in ${(plantMs / 1000).toFixed(0)} s, duplicates' pairs found in ${(pairsMs / 1000).toFixed(1)} s, the checker's first round ${(checksMs / 1000).toFixed(1)} s more), ${RUNS} runs per figure, load average ${load.join(' ')}`,
    );

    const pair = (ours: () => Promise<unknown>, base: () => Promise<unknown>) => inTurns(RUNS, ours, base);
    const line = (name: string, { o, b }: { o: number[]; b: number[] }, target?: number) => {
      for (const p of [50, 95]) {
        const [op, bp] = [pct(o, p), pct(b, p)];
        const miss = target !== undefined && p === 95 && op > target ? ` (target ${target} ms: missed)` : '';
        console.log(`${ratioLine(`${name} p${p}`, op, bp)}${miss}`);
      }
    };

    const timed = (HEALTH_QUEUES as readonly HealthQueueDef[]).filter((d) => !QUEUES || QUEUES.includes(d.id));
    for (const def of SEED_ONLY ? [] : timed) {
      const id = def.id as HealthQueueId;
      const own = healthQueueSql(id);
      const hand = BASELINES[id];
      const baseCount = hand ? `select count(*)::int as n from ${hand.from} where ${hand.where}` : own.count;
      const basePage = (offset: number) =>
        hand
          ? `select o.* from ${hand.from} where ${hand.where} order by o.id limit ${PAGE} offset ${offset}`
          : own.page.replaceAll('$1', '0').replaceAll('$2', String(PAGE + offset)) + ` offset ${offset}`;
      const label = `${id}${hand ? '' : ' (baseline: its own SQL, bare)'}`;
      if (EXPLAIN)
        for (const [what, text] of [
          ['count', own.count],
          ['first page', own.page.replaceAll('$1', '0').replaceAll('$2', String(PAGE + 1))],
        ])
          console.log(
            `EXPLAIN ${id} ${what}:\n${(await sql<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`)).rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`,
          );
      const [ours, base] = [
        await db.read((tx) => healthCount(tx, id)),
        (await sql<{ n: number }>(baseCount)).rows[0].n,
      ];
      console.log(
        `${id}: ${ours.toLocaleString('en')} ${def.entity} rows${ours === base ? '' : ` — the baseline counts ${base.toLocaleString('en')}: they disagree`}`,
      );
      line(
        `${label} count`,
        await pair(
          () => db.read((tx) => healthCount(tx, id)),
          () => sql(baseCount),
        ),
        50,
      );
      line(
        `${label} first page`,
        await pair(
          () => db.read((tx) => healthPage(tx, id, 0, PAGE)),
          () => sql(basePage(0)),
        ),
        20,
      );
      const rowsUrl = (after: number) =>
        `${pathOf(listHealthRows, { queue: id })}?limit=${PAGE}${after ? `&after=${after}` : ''}`;
      line(
        `${label} health.rows call (count + first page, HTTP)`,
        await pair(
          async () => {
            const r = await inject('GET', rowsUrl(0));
            if (r.status !== 200) throw new Error(`${r.status} ${r.body}`);
          },
          async () => {
            await sql(baseCount);
            await sql(basePage(0));
          },
        ),
      );

      // The next row after a key: a fix of the first row and the page after it (the queue's
      // call the screen makes), undone after each run; a queue with no fix that applies to its
      // first row reads the page after that row.
      const first = (await db.read((tx) => healthPage(tx, id, 0, 1))).rows[0];
      if (!first) {
        console.log(`${label} next row: the queue is empty`);
        continue;
      }
      const today = (await sql<{ d: string }>(`select (${TODAY} + 30)::text as d`)).rows[0].d;
      const fixUrl = pathOf(applyHealthFix, { queue: id });
      let fix: string | undefined;
      for (const f of def.fixes) {
        const body = { fix: f.id, ids: [first.id], expect: 1, ...(f.takes === 'date' && { to: today }) };
        const r = await inject('POST', fixUrl, body);
        if (r.status !== 200) continue;
        await inject('POST', pathOf(undoHealthFix), { undo: r.json().data.undo });
        fix = f.id;
        break;
      }
      if (fix) {
        const f = def.fixes.find((x) => x.id === fix)!;
        const body = { fix, ids: [first.id], expect: 1, ...(f.takes === 'date' && { to: today }) };
        let undo: unknown[] = [];
        const ours = async () => {
          const r = await inject('POST', fixUrl, body);
          if (r.status !== 200) throw new Error(`${r.status} ${r.body}`);
          undo = r.json().data.undo;
          const next = await inject('GET', rowsUrl(first.id));
          if (next.status !== 200) throw new Error(`${next.status} ${next.body}`);
        };
        const [o, b]: [number[], number[]] = [[], []];
        for (let i = 0; i < RUNS + 3; i++) {
          const [ot] = await time(1, ours, false);
          const u = await inject('POST', pathOf(undoHealthFix), { undo });
          if (u.status !== 200) throw new Error(`undo: ${u.status} ${u.body}`);
          const [bt] = await time(1, () => sql(basePage(1)), false);
          if (i < 3) continue; // warming up
          o.push(ot);
          b.push(bt);
        }
        line(`${label} next row after a key (fix "${fix}" + page after it, HTTP; baseline: page at offset 1)`, {
          o,
          b,
        });
      } else {
        line(
          `${label} next row after a key (page after the first row, HTTP; baseline: page at offset 1)`,
          await pair(
            async () => {
              const r = await inject('GET', rowsUrl(first.id));
              if (r.status !== 200) throw new Error(`${r.status} ${r.body}`);
            },
            () => sql(basePage(1)),
          ),
          50,
        );
      }
    }
    // The Health screen's and dashboard's call: every count at once.
    if (!SEED_ONLY && !QUEUES)
      line(
        'every queue counted (health.queues call, HTTP; baseline: each hand-written count)',
        await pair(
          async () => {
            const r = await inject('GET', pathOf(listHealthQueues));
            if (r.status !== 200) throw new Error(`${r.status} ${r.body}`);
          },
          async () => {
            for (const def of HEALTH_QUEUES as readonly HealthQueueDef[]) {
              const hand = BASELINES[def.id as HealthQueueId];
              await sql(
                hand
                  ? `select count(*)::int as n from ${hand.from} where ${hand.where}`
                  : healthQueueSql(def.id as HealthQueueId).count,
              );
            }
          },
        ),
      );
    await app.close();
    await db.close();
  } finally {
    if (KEEP || reuse) console.log(`kept: DATA_DIR=${dataDir}${cluster ? ` DATABASE_URL=${cluster.url}` : ''}`);
    else {
      cluster?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function main() {
  for (const kind of DBS) {
    if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`--db: pglite, postgres or both, not "${kind}"`);
    await run(kind);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
