// A fingerprint of every table: md5 over each table's rows in primary-key order. Taken
// before and after requests the server refused, it proves a refusal wrote nothing, in any
// table, including ones added after this file was written (the tables and their keys are
// read from the catalogue, once per database).
import type { Tx } from '../../server/db/connection';

/**
 * Columns whose value changes on a read, by table ('sessions' → ['last_used_at']); a table
 * whose every column is listed is left out. `write_counts` (migration 024) counts every
 * commit's tables, a session's use on a read among them.
 */
export const VOLATILE: Readonly<Record<string, readonly string[]>> = {
  sessions: ['last_used_at', 'last_seen_at', 'last_used'],
  write_counts: ['tbl', 'n'],
  // The duplicates' pairs and the marks of what to find them again for, kept by the background
  // loop at any moment after a write (server/services/healthPairs.ts); the queues read them
  // checked against the records, which are compared.
  health_pairs: ['kind', 'a_id', 'b_id', 'similarity', 'found_at', 'k_valid_to', 'k_batch_a', 'k_batch_b'],
  health_pairs_dirty: ['kind', 'id', 'tx', 'by_write'],
};

/**
 * Columns read as the value they stand for rather than as stored: an offer's search text may
 * wait in the backlog (server/services/searchBacklog.ts) and be filled at any moment after a
 * write, to exactly what offer_search_text computes, which is what every search reads.
 */
const DERIVED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  offers: { search_text: 'coalesce(t.search_text, offer_search_text(t))' },
};

interface Table {
  name: string;
  /** `row(c1, c2, …)::text`, less the volatile columns. */
  row: string;
  /** The primary key (or every column), for ORDER BY. */
  order: string;
}

const built = new WeakMap<object, Promise<Table[]>>();

/** Every table of the public schema, read from the catalogue. */
async function tablesOf(db: Tx, volatile: Readonly<Record<string, readonly string[]>>): Promise<Table[]> {
  const names = (
    await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).rows.map((r) => r.table_name);
  const out: Table[] = [];
  for (const name of names) {
    const columns = (
      await db.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
        [name],
      )
    ).rows
      .map((r) => r.column_name)
      .filter((c) => !volatile[name]?.includes(c));
    if (!columns.length) continue;
    // The primary key orders the rows; a table without one is ordered by all its columns.
    const key = (
      await db.query<{ attname: string }>(
        `select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)`,
        [`public.${quote(name)}`],
      )
    ).rows.map((r) => r.attname);
    out.push({
      name,
      row: `row(${columns.map((c) => DERIVED[name]?.[c] ?? `t.${quote(c)}`).join(', ')})::text`,
      order: (key.length ? key : columns).map((c) => `t.${quote(c)}`).join(', '),
    });
  }
  return out;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The audit log's tables (server/db/migrations/019_audit_log.sql, the rows each entry changed:
 * 026_audit_rows.sql) and the live stream's
 * (020_change_events.sql): every accepted write that changed a record adds an entry and an
 * event by design, so a test comparing the data before and after a round trip (a delete and its
 * undo) leaves them out; tests/api/audit.test.ts and events.test.ts count them, and the fuzz
 * keeps them in (a refused call leaves neither).
 */
export const AUDIT_TABLES = ['audit_log', 'audit_rows', 'audit_staging', 'change_events', 'change_events_pruned'];

interface Options {
  volatile?: Readonly<Record<string, readonly string[]>>;
  /** Keep the audit log's tables in the checksum (left out by default: AUDIT_TABLES). */
  withAudit?: boolean;
  /** Read the tables from the catalogue again (after a migration). */
  fresh?: boolean;
}

function tables(db: Tx, { volatile = VOLATILE, fresh = false }: Options): Promise<Table[]> {
  let t = fresh ? undefined : built.get(db);
  if (!t) {
    t = tablesOf(db, volatile);
    built.set(db, t);
  }
  return t;
}

/** table → "md5 (n rows)": md5 over the table's rows in primary-key order, less the VOLATILE columns. */
export async function tableChecksums(db: Tx, options: Options = {}): Promise<Record<string, string>> {
  const sql = (await tables(db, options))
    .filter((t) => options.withAudit || !AUDIT_TABLES.includes(t.name))
    .map(
      (t) =>
        `select ${literal(t.name)} as t, md5(coalesce(string_agg(${t.row}, E'\\n' order by ${t.order}), '')) as h, count(*)::int as n from public.${quote(t.name)} t`,
    )
    .join('\nunion all\n');
  const rows = (await db.query<{ t: string; h: string; n: number }>(sql)).rows;
  return Object.fromEntries(rows.map((r) => [r.t, `${r.h} (${r.n} rows)`]));
}

/** The tables whose checksum differs ("banks: <before> → <after>"). */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((t) => before[t] !== after[t])
    .map((t) => `${t}: ${before[t] ?? '(none)'} → ${after[t] ?? '(none)'}`);
}

/**
 * A cheap stand-in for a checksum between two moments: a count of the statements that
 * wrote to any table of the public schema (INSERT, UPDATE, DELETE, TRUNCATE, also those run
 * by foreign-key cascades and inside functions), kept by a statement-level trigger on every
 * table in a sequence of its own schema (so no checksum reads it). A sequence is not rolled
 * back, so the count also moves for a write that was undone: unchanged means no statement
 * wrote anything, changed means "take the checksum to know". Per database, unlike the
 * cluster's transaction ids, which the other test files' databases advance too.
 *
 * Installs the triggers on the tables there are now; `read` returns the count.
 */
export async function writeCounter(db: Tx): Promise<{ read(): Promise<number> }> {
  await db.exec(`
    create schema write_counter;
    create sequence write_counter.statements;
    create function write_counter.count() returns trigger language plpgsql as $$
    begin
      perform nextval('write_counter.statements');
      return null;
    end $$;`);
  const names = (
    await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  ).rows;
  for (const { table_name: name } of names) {
    await db.exec(
      `create trigger write_counter after insert or update or delete or truncate on public.${quote(name)} for each statement execute function write_counter.count()`,
    );
  }
  return {
    async read() {
      const row = (
        await db.query<{ n: string | number }>(
          'select case when is_called then last_value else 0 end as n from write_counter.statements',
        )
      ).rows[0];
      return Number(row.n);
    },
  };
}
