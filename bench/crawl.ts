// Onboarding and rolling back a 10,000-ref crawl source through the real calls
// (transfer_offer_ref, rollback_offer_ref), side by side with a baseline in the same run: the
// same work done a row at a time (an INSERT per offer and per link, a DELETE per offer), as
// a first implementation would. Also times the import of that source's file, the undo of a
// rollback against onboarding again, and first the import of files whose offers name their
// cards and outlets, at 2,000 and 20,000 offers, against the name resolution as it was
// queried before (bench/crawlImport.ts).
//
//   npm run bench:crawl                      a throwaway in-memory PGlite
//   npm run bench:crawl -- --postgres        a throwaway PostgreSQL cluster (its binaries must be installed)
//   npm run bench:crawl -- --refs 10000 --runs 3 --import-runs 3 --baseline-max 5000 [--import-only]
import { parseArgs } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login } from '@contract/auth';
import { rollbackOfferRefs, transferOfferRefs } from '@contract/crawlOffers';
import { offerResource } from '@contract/offer';
import { pathOf } from '@contract/operation';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb, type Db, type Tx } from '../server/db/connection';
import { prepareDatabase } from '../server/db/migrate';
import { seed } from '../server/db/seed/seed';
import { seedLargeCrawl } from '../server/db/seed/crawl';
import { hashPassword } from '../server/security/passwords';
import { createMailer } from '../server/services/mail';
import { createUploads } from '../server/services/uploads';
import { startCluster, type Cluster } from '../scripts/postgres';
import { importLines } from './crawlImport';

const { values } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    refs: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    'import-runs': { type: 'string', default: '3' },
    // The baseline takes minutes where the planner's guesses go wrong; above this many offers it is not run.
    'baseline-max': { type: 'string', default: '5000' },
    'import-only': { type: 'boolean', default: false },
  },
});
const REFS = Number(values.refs);
const RUNS = Number(values.runs);
const SLUG = 'large-crawl';

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-bench-crawl-'));
  let cluster: Cluster | undefined;
  let db: Db;
  if (values.postgres) {
    cluster = await startCluster();
    db = await openDb({ databaseUrl: cluster.url });
  } else db = await openDb({});
  try {
    await importLines(cluster, Number(values['import-runs']), Number(values['baseline-max']));
    if (values['import-only']) return;
    await prepareDatabase(db, (tx) => seed(tx, createUploads(dataDir)));
    const t = performance.now();
    await db.transaction((tx) => seedLargeCrawl(tx, REFS));
    const importMs = performance.now() - t;
    await db.transaction(assignEverything);
    const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) =>
      db.read((tx) => tx.query<T>(text, params));
    await sql(
      "insert into users (name, email, role, password_hash) values ('Bench', 'bench@bench.local', 'admin', $1)",
      [await hashPassword('bench-password')],
    );
    const config = { ...loadConfig({}), dataDir };
    const app = await buildApp({ config, db, mailer: createMailer({ dataDir, from: config.mailFrom, log: () => {} }) });
    const token = (
      await app.inject({
        method: 'POST',
        url: pathOf(login),
        payload: { email: 'bench@bench.local', password: 'bench-password' },
      })
    ).json().data.token;
    // Every ref goes live, those already expired too (include_expired), so runs compare across dates.
    const call = async (op: { method: string; path: string }) => {
      const r = await app.inject({
        method: op.method as 'POST',
        url: pathOf(op),
        headers: { authorization: `Bearer ${token}` },
        payload: { from_source: SLUG, ...(op === transferOfferRefs && { include_expired: true }) },
      });
      if (r.statusCode !== 200) throw new Error(`${op.path}: ${r.statusCode} ${r.body}`);
      return r.json().data as { offers: number; undo?: string };
    };
    const sourceId = (await sql<{ id: number }>('select id from crawl_sources where from_source = $1', [SLUG])).rows[0]
      .id;

    const rows: [string, number[], number[]][] = [
      ['transfer', [], []],
      ['rollback', [], []],
      ['rollback undo (baseline: onboarding again)', [], []],
    ];
    let onboarded = 0;
    const indexed: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t0 = performance.now();
      onboarded = (await call(transferOfferRefs)).offers;
      rows[0][1].push(performance.now() - t0);
      // The call answers before its offers' search text is indexed (server/services/searchBacklog.ts).
      await app.searchBacklog.idle();
      indexed.push(performance.now() - t0);
      t0 = performance.now();
      const rolled = await call(rollbackOfferRefs);
      rows[1][1].push(performance.now() - t0);
      // Its undo puts the same offers back (ids, links, refs); without it, onboarding again makes new ones.
      t0 = performance.now();
      const undone = await app.inject({
        method: 'POST',
        url: pathOf(offerResource.ops.undo!),
        headers: { authorization: `Bearer ${token}` },
        payload: { token: rolled.undo },
      });
      if (undone.statusCode !== 200) throw new Error(`undo: ${undone.statusCode} ${undone.body}`);
      rows[2][1].push(performance.now() - t0);
      rows[2][2].push(rows[0][1].at(-1)!);
      await call(rollbackOfferRefs);

      t0 = performance.now();
      const ids = await db.transaction((tx) => naiveTransfer(tx, sourceId));
      rows[0][2].push(performance.now() - t0);
      t0 = performance.now();
      await db.transaction((tx) => naiveRollback(tx, ids));
      rows[1][2].push(performance.now() - t0);
    }
    console.log(
      `crawl source of ${REFS.toLocaleString('en-US')} offer refs on ${db.kind}: import ${Math.round(importMs)} ms; ${onboarded.toLocaleString('en-US')} offers onboarded per run; ${RUNS} runs (median)`,
    );
    console.log(
      `transfer until every offer is indexed for search: ${Math.round(median(indexed))}ms (searches find them before, computing their text)`,
    );
    for (const [name, ours, base] of rows) {
      const [o, b] = [median(ours), median(base)];
      console.log(`${name}: ours=${Math.round(o)}ms baseline=${Math.round(b)}ms ratio=${(b / o).toFixed(1)}`);
    }
    await app.close();
  } finally {
    await db.close();
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What reviewers would have done first: every card and outlet ref assigned to its live record. */
async function assignEverything(tx: Tx) {
  await tx.query(
    `update crawl_cards r set card_id = c.id, state = 'assigned' from cards c, crawl_sources s
     where s.id = r.source_id and s.from_source = $1 and c.bank_id = s.bank_id and lower(c.name) = lower(r.name)`,
    [SLUG],
  );
  await tx.query(
    `update crawl_outlets r set outlet_ids = array[substring(r.source_key from 'outlet-(\\d+)')::int], state = 'assigned' from crawl_sources s
     where s.id = r.source_id and s.from_source = $1`,
    [SLUG],
  );
}

/** The baseline: one INSERT per offer and per link, in one transaction. */
async function naiveTransfer(tx: Tx, sourceId: number): Promise<number[]> {
  const refs = (
    await tx.query<{
      title: string;
      discount: string;
      valid_from: string;
      valid_to: string;
      card_ref_ids: number[];
      outlet_ref_ids: number[];
    }>(
      "select title, discount, valid_from, valid_to, card_ref_ids, outlet_ref_ids from crawl_offers where source_id = $1 and state = 'new' order by id",
      [sourceId],
    )
  ).rows;
  const ids: number[] = [];
  for (const r of refs) {
    const id = (
      await tx.query<{ id: number }>(
        "insert into offers (title, discount, valid_from, valid_to, from_source) values ($1, $2, $3, $4, 'bench-naive') returning id",
        [r.title, r.discount, r.valid_from, r.valid_to],
      )
    ).rows[0].id;
    for (const c of (
      await tx.query<{ card_id: number }>(
        'select card_id from crawl_cards where id = any($1::int[]) and card_id is not null',
        [r.card_ref_ids],
      )
    ).rows)
      await tx.query('insert into offer_cards (offer_id, card_id) values ($1, $2)', [id, c.card_id]);
    for (const o of (
      await tx.query<{ outlet_ids: number[] }>('select outlet_ids from crawl_outlets where id = any($1::int[])', [
        r.outlet_ref_ids,
      ])
    ).rows)
      for (const outletId of o.outlet_ids)
        await tx.query('insert into offer_outlets (offer_id, outlet_id) values ($1, $2) on conflict do nothing', [
          id,
          outletId,
        ]);
    ids.push(id);
  }
  return ids;
}

async function naiveRollback(tx: Tx, ids: number[]) {
  for (const id of ids) await tx.query('delete from offers where id = $1', [id]);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
