// Versioned migrations: every .sql file in ./migrations, applied once, in name order,
// each in its own transaction.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Tx } from './connection';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function migrate(db: Db): Promise<string[]> {
  const done = await db.transaction(async (tx) => {
    await tx.query(`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`);
    return new Set((await tx.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name));
  });
  const applied: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    if (done.has(file)) continue;
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      await execScript(tx, db.kind, sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}

/** Extended-protocol query() takes one statement, so a script runs statement by statement. */
async function execScript(tx: Tx, _kind: Db['kind'], sql: string) {
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
