// What the database must hold for each table, read from its catalogue and compared with what
// the resource definitions imply (tests/api/tableWalk.test.ts): the audit triggers (audit_capture,
// 019_audit_log.sql), the write mark (note_write, 024_write_marks.sql) and, for a resource with
// `search`, its search text as 017_search_text_per_table.sql writes it. A migration calling
// catalogue_entity (030_entity_helper.sql) installs all of it; this is what notices one that
// did not. `tableGaps` is a plain function of the catalogue so it is tested on crafted ones too.
import type { Resource } from '@contract/resource';

/** One table as the catalogue holds it. */
export interface TableFacts {
  table: string;
  /** Its triggers (not the internal ones of foreign keys): name and the function each runs. */
  triggers: { name: string; fn: string }[];
  columns: string[];
  /** Columns carrying a trigram (gin_trgm_ops) index. */
  trigram: string[];
  /** A view (a resource's `storage.view`), not a table: only its columns are read. */
  view?: boolean;
}

/** What one table must have. */
export interface Expected {
  table: string;
  /** Why: the definition or rule that asks for it, named in a gap. */
  by: string;
  audited: boolean;
  search: boolean;
  /** The view the resource's lists read, which must show the search text the table keeps. */
  view?: string;
}

const AUDIT = ['audit_insert', 'audit_update', 'audit_delete'] as const;

/** What a resource definition implies for its table. */
export const expectedOf = (r: Resource): Expected => ({
  table: r.storage.table,
  by: `resource ${r.name}`,
  audited: true,
  search: r.search !== undefined,
  view: r.storage.view,
});

/** Each missing piece, as "<table>: <what> (<why>)"; empty when every table has all it needs. */
export function tableGaps(facts: readonly TableFacts[], expected: readonly Expected[]): string[] {
  const gaps: string[] = [];
  for (const e of expected) {
    const t = facts.find((f) => f.table === e.table);
    const gap = (what: string) => gaps.push(`${e.table}: ${what} (${e.by})`);
    if (!t) {
      gap('no such table');
      continue;
    }
    const runs = (name: string, fn: string) => t.triggers.some((g) => g.name === name && g.fn === fn);
    if (!runs('note_write', 'note_write')) gap('no write-mark trigger note_write');
    if (e.audited) for (const name of AUDIT) if (!runs(name, 'audit_capture')) gap(`no audit trigger ${name}`);
    if (e.search) {
      if (!t.columns.includes('search_text')) gap('no search_text column');
      if (!runs(`${e.table}_search_text`, `${e.table}_search_text`))
        gap(`no trigger ${e.table}_search_text running ${e.table}_search_text()`);
      if (!t.trigram.includes('search_text')) gap('no trigram index on search_text');
      // A view made before catalogue_entity ran lacks the column (`select *` is expanded when the
      // view is made), and every search through it is a 500.
      const v = e.view && facts.find((f) => f.table === e.view);
      if (e.view && !(v && v.columns.includes('search_text'))) gap(`view ${e.view} shows no search_text`);
    }
  }
  return gaps;
}

type Query = <T>(sql: string) => Promise<T[]>;

/** Every table of the current schema, with its triggers, columns and trigram-indexed columns. */
export async function readTables(q: Query): Promise<TableFacts[]> {
  const tables = await q<{ table: string; view: boolean }>(
    `select c.relname as table, c.relkind = 'v' as view from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v') order by 1`,
  );
  const triggers = await q<{ table: string; name: string; fn: string }>(
    `select c.relname as table, t.tgname as name, p.proname as fn
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and not t.tgisinternal`,
  );
  const columns = await q<{ table: string; column: string }>(
    `select table_name as table, column_name as column from information_schema.columns
      where table_schema = current_schema()`,
  );
  const trigram = await q<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
       join pg_namespace n on n.oid = c.relnamespace
       cross join lateral unnest(i.indkey::int2[], i.indclass::oid[]) as k(attnum, opclass)
       join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
       join pg_opclass o on o.oid = k.opclass
      where n.nspname = current_schema() and o.opcname = 'gin_trgm_ops'`,
  );
  return tables.map(({ table, view }) => ({
    table,
    ...(view ? { view } : {}),
    triggers: triggers.filter((t) => t.table === table).map(({ name, fn }) => ({ name, fn })),
    columns: columns.filter((c) => c.table === table).map((c) => c.column),
    trigram: trigram.filter((c) => c.table === table).map((c) => c.column),
  }));
}
