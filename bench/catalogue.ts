// Palette search and list latency on a large catalogue, side by side with a baseline in
// the same run: the same questions answered by plain ILIKE over the joined rows (what a
// first implementation without the search_text column and trigram indexes would do).
//
//   npm run seed:large -- --offers 1000000      (fills DATA_DIR, default ./data)
//   npm run bench:search                          (DATA_DIR or DATABASE_URL as for npm start)
import { login } from '@contract/auth';
import { offerResource } from '@contract/offer';
import { pathOf } from '@contract/operation';
import { searchRecords } from '@contract/search';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/connection';
import { lockDataDir } from '../server/db/lock';
import { migrate } from '../server/db/migrate';
import { hashPassword } from '../server/security/passwords';
import { createMailer } from '../server/services/mail';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { pct, time } from './timing';

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 15);
const BASELINE_RUNS = Number(process.argv.find((a) => a.startsWith('--baseline-runs='))?.slice(16) ?? 3);
const QUERIES = ['shake shack', 'marina 20%', 'enbd skywards', 'reel cinemas', 'fab cashback dining'];

async function main() {
  const config = loadConfig();
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir);
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    beforeCommit: lock?.writeGuard,
  });
  await migrate(db);
  const mailer = createMailer({ dataDir: config.dataDir, from: config.mailFrom, log: () => {} });
  const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) =>
    db.read((tx) => tx.query<T>(text, params));
  const email = 'bench@bench.local';
  await sql('delete from users where email = $1', [email]);
  await sql("insert into users (name, email, role, password_hash) values ('Bench', $1, 'admin', $2)", [
    email,
    await hashPassword('bench-password'),
  ]);
  const app = await buildApp({ config, db, mailer });
  const token = (
    await app.inject({ method: 'POST', url: pathOf(login), payload: { email, password: 'bench-password' } })
  ).json().data.token;
  const headers = { authorization: `Bearer ${token}` };
  const offers = Number((await sql<{ n: number }>('select count(*)::int as n from offers')).rows[0].n);
  const bank = (await sql<{ id: number }>('select id from banks order by id limit 1')).rows[0].id;
  console.log(
    `catalogue: ${offers.toLocaleString()} offers on ${db.kind}; ${RUNS} runs per query (baseline ${BASELINE_RUNS})\n`,
  );

  const rows: [string, number[], number[]][] = [];
  const inject = (opts: InjectOptions) => async () => {
    const r = await app.inject(opts);
    if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
  };

  for (const q of QUERIES) {
    const terms = q.split(/\s+/).map((t) => `%${t}%`);
    // Palette: our one-call search vs ILIKE over the joined text of offers, cards and outlets.
    rows.push([
      `palette "${q}"`,
      await time(
        RUNS,
        inject({ method: 'GET', url: `${pathOf(searchRecords)}?query=${encodeURIComponent(q)}`, headers }),
      ),
      await time(BASELINE_RUNS, () =>
        sql(`select id, title from offers_view v where ${naive(terms, 'v')} limit 5`, terms),
      ),
    ]);
    // List: page 1 of 50 with its total count.
    rows.push([
      `list  "${q}"`,
      await time(RUNS, inject({ method: 'POST', url: pathOf(offerResource.ops.list), headers, payload: { query: q } })),
      await time(BASELINE_RUNS, async () => {
        await sql(`select count(*) from offers_view v where ${naive(terms, 'v')}`, terms);
        await sql(`select * from offers_view v where ${naive(terms, 'v')} order by valid_to, id limit 50`, terms);
      }),
    ]);
  }
  rows.push([
    'list  bank + live',
    await time(
      RUNS,
      inject({ method: 'POST', url: pathOf(offerResource.ops.list), headers, payload: { bank, state: 'live' } }),
    ),
    await time(BASELINE_RUNS, async () => {
      const where = `$1 = any(bank_ids) and valid_from <= current_date and valid_to >= current_date`;
      const from = `(select v.*, array(select c.bank_id from offer_cards oc join cards c on c.id = oc.card_id where oc.offer_id = v.id) as bank_ids from offers_view v) x`;
      await sql(`select count(*) from ${from} where ${where}`, [bank]);
      await sql(`select * from ${from} where ${where} order by valid_to, id limit 50`, [bank]);
    }),
  ]);

  console.log(pad('query', 30) + pad('ours p50', 11) + pad('ours p95', 11) + pad('base p50', 11) + 'speed-up');
  for (const [name, ours, base] of rows) {
    const [o50, o95, b50] = [pct(ours, 50), pct(ours, 95), pct(base, 50)];
    console.log(
      pad(name, 30) +
        pad(`${o50.toFixed(1)} ms`, 11) +
        pad(`${o95.toFixed(1)} ms`, 11) +
        pad(`${b50.toFixed(0)} ms`, 11) +
        `${(b50 / o50).toFixed(1)}×`,
    );
  }
  await app.close();
  await db.close();
  await lock?.release();
}

/** Every term somewhere in the offer's own or joined text, unindexed. */
function naive(terms: string[], v: string) {
  const text = `concat_ws(' ', ${v}.title, ${v}.discount, array_to_string(${v}.bank_names, ' '), array_to_string(${v}.merchant_names, ' '), ${v}.category_name)`;
  return terms.map((_, i) => `${text} ilike $${i + 1}`).join(' and ');
}

const pad = (s: string, n: number) => s.padEnd(n);

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
