// What each table has been written since the start, and which tables a read named: so the
// answer cache (server/http/answerCache.ts) drops an offer list when offers, their links or
// anything else it reads changed, and keeps it through a presence heartbeat or a write to
// banks that it never reads.
//
// The writing side is the database's: a statement trigger on every table (migration 024,
// `note_write`) lists the tables a transaction wrote in the transaction-local setting
// `app.wrote`, which `Db.transaction` reads right before COMMIT (server/db/connection.ts).
// Triggers see what a write's own triggers wrote too (search text, audit rows), which no
// list of a call's `touches` would.
//
// The reading side is the SQL's: every table a tracked read's queries name, views and
// functions resolved to the tables their definitions name (the catalog, read once). Naming a
// table it does not read (a column of the same name) costs an early refresh, never a stale
// answer.

import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The counts at one moment: replaced, never changed, on every write heard, so a read's
 * stamp is the object itself. `gen` moves when what was written cannot be known (a lost
 * connection, a migration, a read that wrote): every answer read before is then stale.
 */
export interface Stamp {
  readonly gen: number;
  readonly counts: ReadonlyMap<string, number>;
}

/**
 * Per-table write counts of one Db. On PostgreSQL a count is the database's own
 * (`write_counts`, bumped after each commit by whichever process made it, read at each
 * `Db.sync`) plus what this process heard first (its own commits, others' notices): both
 * only grow, so their sum changes whenever either does.
 */
export function writeCounts() {
  const fromDb = new Map<string, number>();
  const here = new Map<string, number>();
  let now: Stamp = { gen: 0, counts: new Map() };
  const publish = (tables: Iterable<string>) => {
    const counts = new Map(now.counts);
    for (const t of tables) counts.set(t, (fromDb.get(t) ?? 0) + (here.get(t) ?? 0));
    now = { gen: now.gen, counts };
  };
  return {
    now: (): Stamp => now,
    /** Tables this process wrote, or heard another process write. */
    wrote(tables: readonly string[]) {
      if (!tables.length) return;
      for (const t of tables) here.set(t, (here.get(t) ?? 0) + 1);
      publish(tables);
    },
    /** The database's counts as read now (PostgreSQL's `write_counts`). */
    read(rows: readonly { tbl: string; n: number }[]) {
      const changed: string[] = [];
      for (const { tbl, n } of rows) {
        const was = fromDb.get(tbl) ?? 0;
        if (n === was) continue;
        // A count that went down (a restored database) proves nothing: everything is stale.
        if (n < was) now = { gen: now.gen + 1, counts: now.counts };
        fromDb.set(tbl, n);
        changed.push(tbl);
      }
      if (changed.length) publish(changed);
    },
    /** What was written is not known: every answer read before is stale. */
    unknown() {
      now = { gen: now.gen + 1, counts: now.counts };
    },
  };
}

export type WriteCounts = ReturnType<typeof writeCounts>;

/** Whether none of `tables` was written between `then` and `now` (any table, when none is named). */
export function unchangedSince(then: Stamp, now: Stamp, tables?: Iterable<string>): boolean {
  if (then === now) return true;
  if (then.gen !== now.gen || !tables) return false;
  for (const t of tables) if (then.counts.get(t) !== now.counts.get(t)) return false;
  return true;
}

/** `app.wrote` as the trigger leaves it: 'offers,offer_cards,'. */
export const parseWrote = (text: string | null | undefined): string[] => (text ? text.split(',').filter(Boolean) : []);

/**
 * A statement that writes, run where no trigger's list is read (a `Db.read` unit, which
 * PostgreSQL commits on its own): what it wrote is not known.
 */
export const WRITES_SQL =
  /\b(insert\s+into|update\s+[\w."]+\s+((as\s+)?\w+\s+)?set|delete\s+from|truncate|merge\s+into)\b/i;

/**
 * Which tables a name in SQL stands for: a table itself; a view or function, the tables its
 * definition names (followed through other views and functions).
 */
interface Catalog {
  tablesOf(name: string): readonly string[] | undefined;
}

/** The catalog from the rows of CATALOG_SQL: one per table (body null), view or function. */
export function catalogOf(rows: readonly { name: string; body: string | null }[]): Catalog {
  const bodies = new Map<string, string[]>();
  const tables = new Set<string>();
  for (const { name, body } of rows) {
    if (body === null) tables.add(name);
    else bodies.set(name, [...(bodies.get(name) ?? []), body]);
  }
  const resolved = new Map<string, readonly string[]>();
  const resolve = (name: string, seen: Set<string>): readonly string[] => {
    const done = resolved.get(name);
    if (done) return done;
    const found = new Set<string>();
    if (tables.has(name)) found.add(name);
    seen.add(name);
    for (const body of bodies.get(name) ?? [])
      for (const word of wordsOf(body))
        if (!seen.has(word) && (tables.has(word) || bodies.has(word)))
          for (const t of resolve(word, seen)) found.add(t);
    const out = [...found];
    // A cycle's inner names are resolved without what is still being resolved above them:
    // keep only the outermost answer.
    if (seen.size === 1 || tables.has(name)) resolved.set(name, out);
    seen.delete(name);
    return out;
  };
  return {
    tablesOf: (name) => (tables.has(name) || bodies.has(name) ? resolve(name, new Set()) : undefined),
  };
}

/** Tables, views and functions of the schema in use, with the definitions of the latter. */
export const CATALOG_SQL = `
  select c.relname as name, case when c.relkind in ('r', 'p') then null else pg_get_viewdef(c.oid) end as body
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')
  union all
  select p.proname, p.prosrc
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = current_schema()`;

const wordsOf = (sql: string) => new Set(sql.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []);

/** The tables a piece of SQL names, through `catalog`; kept per text (most SQL is a fixed text). */
export function tablesNamer(catalog: Catalog) {
  const known = new Map<string, readonly string[]>();
  return (sql: string): readonly string[] => {
    let out = known.get(sql);
    if (out) return out;
    const found = new Set<string>();
    for (const word of wordsOf(sql)) for (const t of catalog.tablesOf(word) ?? []) found.add(t);
    out = [...found];
    // Texts with values written in would grow this without end: start over past a bound.
    if (known.size >= 5000) known.clear();
    known.set(sql, out);
    return out;
  };
}

/** The queries of a tracked read note here what they read (`Db.reading`). */
export const readingNow = new AsyncLocalStorage<Set<string>>();
