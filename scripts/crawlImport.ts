// `npm run crawl:import -- --source <slug> [--name "Emirates NBD website"] [--bank ENBD] <file>`
//
// Imports one crawl of one bank website (JSON lines or CSV; README.md, "Crawl files") into
// the database `npm start` uses (DATABASE_URL, or PGlite under DATA_DIR, which this process
// then holds: stop the server first). The same as POST /admin/v1/crawl_data/import: one
// transaction, refs updated by their key, refs the site no longer shows marked as gone.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { createLogger, lineLogger } from '../server/logger';
import { openDb } from '../server/db/connection';
import { lockDataDir } from '../server/db/lock';
import { prepareDatabase } from '../server/db/migrate';
import { importRefs, parseCrawlFile } from '../server/services/crawlImport';
import { HttpError } from '../server/errors';

const USAGE =
  'usage: npm run crawl:import -- --source <slug> [--name "Source name"] [--bank <bank code or name>] <file>';

async function main() {
  const { values, positionals } = parseArgs({
    options: { source: { type: 'string' }, name: { type: 'string' }, bank: { type: 'string' } },
    allowPositionals: true,
  });
  if (!values.source || positionals.length !== 1) throw new Error(USAGE);
  const text = fs.readFileSync(positionals[0], 'utf8');
  const records = parseCrawlFile(text);
  const config = loadConfig();
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir);
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    beforeCommit: lock?.writeGuard,
    log: lineLogger(createLogger(config.logLevel), 'db', 'error'),
  });
  try {
    await prepareDatabase(db);
    const outcome = await db.transaction(async (tx) => {
      let bankId: number | null = null;
      if (values.bank) {
        const bank = (
          await tx.query<{ id: number }>(
            'select id from banks where lower(code) = lower($1) or lower(name) = lower($1)',
            [values.bank],
          )
        ).rows[0];
        if (!bank) throw new Error(`No bank with the code or name "${values.bank}".`);
        bankId = bank.id;
      }
      return importRefs(tx, { from_source: values.source!, name: values.name, bank_id: bankId }, records);
    });
    console.log(
      `[crawl:import] ${values.source}: ${records.length} refs read; ${outcome.added} new, ${outcome.updated} updated, ${outcome.vanished} gone from the site.`,
    );
  } finally {
    await db.close().catch(() => undefined);
    await lock?.release().catch(() => undefined);
  }
}

main().catch((err) => {
  const lines =
    err instanceof HttpError
      ? (Object.values(err.fields)[0] ?? [err.message])
      : [err instanceof Error ? err.message : String(err)];
  console.error(`[crawl:import] ${lines.join('\n  ')}`);
  process.exit(1);
});
