// Versioned migrations: every .sql file in ./migrations, applied once, in name order.
//
// A start prepares the database in ONE transaction (`prepareDatabase`): the migrations, then
// whatever the caller adds (the first admin, the demo data). On PostgreSQL its first
// statement takes an advisory lock, so servers starting at the same moment on one database
// prepare it one after another: the first does the work, the next finds it done. DDL is
// transactional in PostgreSQL, so a start that fails half-way leaves nothing behind.
// (PGlite is one process's already: server/db/lock.ts.)
//
// Each file runs whole, as one script the database itself reads (`Tx.exec`): comments,
// quotes and $$ bodies are its parser's business, not ours. Each applied file's checksum is
// kept in schema_migrations, and a start refuses a file that changed since it was applied:
// the database would not be what the files say. (A database migrated before checksums were
// kept gets them recorded on its next start.)
//
// The numbering has a gap and a double: there is no 008 (a file was withdrawn before any
// database applied it) and two 011s (011_notifications, 011_settings: written side by side).
// Name order is the order databases applied them in, so it stays; a new file takes the next
// number after the highest.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db, Tx } from './connection';
import { ROOT } from '../root';

/** Where the product's migrations are. */
const MIGRATIONS_DIR = path.join(ROOT, 'server', 'db', 'migrations');

/** pg_advisory_xact_lock key under which a database is prepared (any constant; "cards-admin prepare"). */
const PREPARE_LOCK_KEY = 0x63_61_72_64_73_70;

/**
 * Migrates, then runs `then` in the same transaction, under the advisory lock on
 * PostgreSQL. Returns the migrations applied and what `then` returned.
 */
export async function prepareDatabase<T = undefined>(
  db: Db,
  then?: (tx: Tx) => Promise<T>,
  dir = MIGRATIONS_DIR,
): Promise<{ applied: string[]; result: T | undefined }> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [PREPARE_LOCK_KEY]);
    const applied = await applyMigrations(tx, dir);
    return { applied, result: then ? await then(tx) : undefined };
  });
}

/** The migrations alone (tests, bench), the same way. Returns the files applied. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await prepareDatabase(db, undefined, dir)).applied;
}

async function applyMigrations(tx: Tx, dir: string): Promise<string[]> {
  await tx.query(`create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`);
  await tx.query('alter table schema_migrations add column if not exists checksum text');
  const done = new Map(
    (
      await tx.query<{ name: string; checksum: string | null }>('select name, checksum from schema_migrations')
    ).rows.map((r) => [r.name, r.checksum]),
  );
  const applied: string[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    const sum = checksum(sql);
    if (done.has(file)) {
      const kept = done.get(file);
      if (kept === null) await tx.query('update schema_migrations set checksum = $2 where name = $1', [file, sum]);
      else if (kept !== sum)
        throw new Error(
          `Migration ${file} was changed after this database applied it (its checksum differs). Put the change in a new migration file and restore ${file} as it was.`,
        );
      continue;
    }
    try {
      await tx.exec(sql);
    } catch (err) {
      throw new Error(`Migration ${file} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    await tx.query('insert into schema_migrations (name, checksum) values ($1, $2)', [file, sum]);
    applied.push(file);
  }
  // A table a migration created is written unseen by the answer cache until it has migration
  // 024's trigger (server/db/tableWrites.ts).
  if (applied.length)
    await tx.exec(
      "do $$ begin if to_regproc('note_writes_everywhere') is not null then perform note_writes_everywhere(); end if; end $$",
    );
  return applied;
}

/** SHA-256 of a file's text, its line endings aside (a checkout may turn \n into \r\n). */
const checksum = (sql: string) => crypto.createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
