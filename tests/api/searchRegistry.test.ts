// A plain entity is searched and counted from its resource alone (ARCHITECTURE.md, "Adding a
// plain CRUD entity"): its table's search text is a trigger function of its own, the palette's
// record search answers every resource declaring `search`, and the dashboard counts every one
// declaring `dashboard`. Shown on the real registry and on a throwaway entity made here, given
// to the same search and dashboard handlers the server registers, with no code of theirs edited.
import * as Type from '@sinclair/typebox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { totalCounts, type TotalCounts } from '@contract/dashboard';
import { pathOf } from '@contract/operation';
import { defineResource, type Resource } from '@contract/resource';
import { resources } from '@contract/resources';
import { SEARCH_TYPES, searchRecords, typesPattern, type SearchHit } from '@contract/search';
import type { CallContext } from '../../server/http/handle';
import { counted } from '../../server/repositories/dashboardCounts';
import { dashboardHandlers } from '../../server/routes/dashboard';
import { searchHandlers } from '../../server/routes/search';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.db.query<T>(sql, params).then((r) => r.rows);

// A throwaway entity, made as the checklist says: its table with search_text, one trigger
// function of its own filling it, a trigram index; its resource with `search` and `dashboard`.
const Gadget = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  maker: Type.Union([Type.String(), Type.Null()]),
});
const gadgetResource = defineResource({
  name: 'gadget',
  label: { one: 'Gadget', many: 'Gadgets' },
  storage: { table: 'gadgets' },
  search: { order: 7, title: 'name', subtitle: "coalesce(maker, 'Gadget')" },
  dashboard: { order: 8 },
  paths: { list: '/gadgets', show: '/gadgets/:id', add: '/add_gadget', update: '/gadgets/:id', remove: '/gadgets/:id' },
  updateMethod: 'PUT',
  removeIdParam: '',
  entity: Gadget,
  create: Type.Object({ name: Type.String() }),
  update: Type.Object({ name: Type.Optional(Type.String()) }),
  messages: { added: 'Added', updated: 'Updated', deleted: 'Deleted', shown: 'Shown' },
});
const withGadget: readonly Resource[] = [...resources, gadgetResource];

beforeAll(async () => {
  s = await startTestServer();
  await s.db.exec(`
    create table gadgets (id serial primary key, name text not null, maker text, search_text text not null default '');
    create function gadget_search_text(g gadgets) returns text language sql immutable parallel safe
      as $$ select immutable_unaccent(lower(concat_ws(' ', g.name, g.maker))) $$;
    create function gadgets_search_text() returns trigger language plpgsql as $$
    begin
      NEW.search_text := gadget_search_text(NEW);
      return NEW;
    end $$;
    create trigger gadgets_search_text before insert or update on gadgets for each row execute function gadgets_search_text();
    create index gadgets_search_trgm on gadgets using gin (search_text gin_trgm_ops);
    insert into gadgets (name, maker) values ('Flux Capacitor', 'Brövn Labs'), ('Hoverboard', null), ('Flux Pan', null);`);
});
afterAll(() => s.close());

/** The trigger that fills `table`'s search text, and its function. */
async function searchTrigger(table: string) {
  const [t] = await q<{ fn: string; args: number; tgtype: number; tables: number }>(
    `select p.proname as fn, p.pronargs::int as args, t.tgtype::int as tgtype,
            (select count(distinct u.tgrelid) from pg_trigger u where u.tgfoid = t.tgfoid)::int as tables
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where c.relname = $1 and t.tgname = $1 || '_search_text' and not t.tgisinternal`,
    [table],
  );
  return t;
}

it('every resource whose table keeps search text fills it by a trigger function of its own', async () => {
  const kept = await q<{ table: string }>(
    `select table_name as table from information_schema.columns
      where column_name = 'search_text' and is_generated = 'NEVER' and table_schema = current_schema()`,
  );
  const tables = withGadget.map((r) => r.storage.table).filter((t) => kept.some((k) => k.table === t));
  // Every searchable resource keeps it, and so do the other catalogue tables.
  for (const r of withGadget.filter((r) => r.search)) expect(tables).toContain(r.storage.table);
  expect(tables.length).toBeGreaterThan(withGadget.filter((r) => r.search).length);
  for (const table of tables) {
    const t = await searchTrigger(table);
    expect(t, `${table}: a trigger ${table}_search_text`).toBeDefined();
    // Row-level (1), BEFORE (2), on INSERT (4) and UPDATE (16); `<table>_search_text()`, on this table alone.
    expect({ table, ...t, tgtype: t.tgtype & 23 }).toEqual({
      table,
      fn: `${table}_search_text`,
      args: 0,
      tgtype: 23,
      tables: 1,
    });
  }
  // The CASE over every table is gone.
  expect(
    await q(
      "select proname from pg_proc where proname in ('search_text_before_write', 'content_search_text_before_write', 'search_text_refresh_dependants')",
    ),
  ).toEqual([]);
});

it('the palette search answers every resource declaring `search`, a new one with no code of its own', async () => {
  expect(SEARCH_TYPES).toEqual(
    resources
      .filter((r) => r.search)
      .sort((a, b) => a.search!.order - b.search!.order)
      .map((r) => r.name),
  );
  // The server's own handler, given the registry with the throwaway entity in it.
  const [search] = searchHandlers(withGadget);
  const find = async (query: string, types?: string) =>
    ((await search.handler({ query: { query, types } }, s.db, {} as CallContext)) as { data: SearchHit[] }).data.map(
      (h) => `${h.type} | ${h.title} | ${h.subtitle}`,
    );
  expect(await find('flux')).toEqual(['gadget | Flux Pan | Gadget', 'gadget | Flux Capacitor | Brövn Labs']);
  expect(await find('BROVN flux', 'gadget,bank')).toEqual(['gadget | Flux Capacitor | Brövn Labs']);
  expect(await find('hover', 'bank')).toEqual([]);
  // Its search text is kept by its trigger, whoever writes.
  await q("update gadgets set maker = 'Zyx' where name = 'Hoverboard'");
  expect(await find('zyx')).toEqual(['gadget | Hoverboard | Zyx']);
});

it('the dashboard counts every resource declaring `dashboard`, a new one with no code of its own', async () => {
  const res = await s.call({ method: 'GET', url: pathOf(totalCounts), headers: s.adminAuth });
  const counts = (res.json().data as TotalCounts).counts;
  expect(Object.keys(counts)).toEqual(counted(resources).map((r) => r.storage.table));
  // The contract's order is the dashboard's: what people count most first.
  expect(Object.keys(counts).slice(0, 7)).toEqual([
    'cards',
    'offers',
    'outlets',
    'banks',
    'categories',
    'networks',
    'users',
  ]);
  const [dashboard] = dashboardHandlers({ now: Date.now, resources: withGadget });
  const answer = (await dashboard.handler({}, s.db, {} as CallContext)) as { data: TotalCounts };
  expect(answer.data.counts).toEqual({ ...counts, gadgets: 3 });
});

it('`types` takes every searchable resource by its name, camelCase too, and refuses any other', async () => {
  const accepts = (names: readonly string[], types: string) => new RegExp(typesPattern(names)).test(types);
  expect(accepts(['bank', 'merchantBrand'], 'merchantBrand,bank')).toBe(true);
  expect(accepts(['bank', 'merchantBrand'], 'merchantbrand')).toBe(false);
  expect(accepts(['bank', 'merchantBrand'], 'bank,')).toBe(false);
  // The server's own schema: all of them at once, and an unknown one a 422 naming the field.
  const get = (types: string) =>
    s.call({ method: 'GET', url: `${pathOf(searchRecords)}?query=a&types=${types}`, headers: s.adminAuth });
  expect((await get(SEARCH_TYPES.join(','))).statusCode).toBe(200);
  const refused = await get('bank,gizmo');
  expect(refused.statusCode).toBe(422);
  expect(refused.body).toContain('types');
});
