// Versioned migrations: every .sql file in ./migrations, applied once, in name order.
//
// A start prepares the database in ONE transaction (`prepareDatabase`): the migrations, then
// whatever the caller adds (the first admin, the demo data). On PostgreSQL its first
// statement takes an advisory lock, so servers starting at the same moment on one database
// prepare it one after another: the first does the work, the next finds it done. DDL is
// transactional in PostgreSQL, so a start that fails half-way leaves nothing behind.
// (PGlite is one process's already: server/db/lock.ts.)
import fs from 'node:fs';
import path from 'node:path';
import type { Db, Tx } from './connection';
import { ROOT } from '../root';

const dir = path.join(ROOT, 'server', 'db', 'migrations');

/** pg_advisory_xact_lock key under which a database is prepared (any constant; "cards-admin prepare"). */
export const PREPARE_LOCK_KEY = 0x63_61_72_64_73_70;

/**
 * Migrates, then runs `then` in the same transaction, under the advisory lock on
 * PostgreSQL. Returns the migrations applied and what `then` returned.
 */
export async function prepareDatabase<T = undefined>(db: Db, then?: (tx: Tx) => Promise<T>): Promise<{ applied: string[]; result: T | undefined }> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [PREPARE_LOCK_KEY]);
    const applied = await applyMigrations(tx);
    return { applied, result: then ? await then(tx) : undefined };
  });
}

/** The migrations alone (tests, bench), the same way. Returns the files applied. */
export async function migrate(db: Db): Promise<string[]> {
  return (await prepareDatabase(db)).applied;
}

async function applyMigrations(tx: Tx): Promise<string[]> {
  await tx.query(`create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`);
  const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name));
  const applied: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    if (done.has(file)) continue;
    await execScript(tx, fs.readFileSync(path.join(dir, file), 'utf8'));
    await tx.query('insert into schema_migrations (name) values ($1)', [file]);
    applied.push(file);
  }
  return applied;
}

/** Extended-protocol query() takes one statement, so a script runs statement by statement. */
async function execScript(tx: Tx, sql: string) {
  for (const stmt of splitSql(sql)) await tx.query(stmt);
}

/** Splits on semicolons outside quotes, dollar-quoted bodies and comments. */
export function splitSql(sql: string): string[] {
  const out: string[] = [];
  let cur = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
      continue;
    }
    if (c === "'") {
      const end = sql.indexOf("'", i + 1);
      cur += sql.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (c === '$') {
      const m = /^\$[A-Za-z_]*\$/.exec(sql.slice(i));
      if (m) {
        const end = sql.indexOf(m[0], i + m[0].length);
        cur += sql.slice(i, end + m[0].length);
        i = end + m[0].length;
        continue;
      }
    }
    if (c === ';') {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
      i++;
      continue;
    }
    cur += c;
    i++;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}
