// Every table has what its definition implies (tests/helpers/tableWalk.ts): a table named by a
// resource definition has its audit triggers and write mark, and its search text, trigger and
// trigram index when the definition has `search`; every other table of the schema is audited
// and write-marked unless it is named below with its reason. A migration that calls
// catalogue_entity (server/db/migrations/030_entity_helper.sql) gets all of it; one that
// forgets fails here. Shown both ways on a throwaway table made here.
import * as Type from '@sinclair/typebox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineResource, type Resource } from '@contract/resource';
import { startTestServer, type TestServer } from '../helpers/app';
import { expectedOf, readTables, tableGaps, type Expected, type TableFacts } from '../helpers/tableWalk';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

const q = async <T>(sql: string) => (await s.db.query<T>(sql)).rows;

/** Every resource definition of the contract: each module's exported resources, alone or in a list. */
const modules = import.meta.glob<Record<string, unknown>>(['../../contract/*.ts', '!../../contract/*.test.ts'], {
  eager: true,
});
const isResource = (v: unknown): v is Resource =>
  typeof v === 'object' && v !== null && 'storage' in v && 'ops' in v && 'name' in v;
const definitions = [
  ...new Set(
    Object.values(modules).flatMap((m) =>
      Object.values(m)
        .flatMap((v) => (Array.isArray(v) ? v : [v]))
        .filter(isResource),
    ),
  ),
];

/** The tables the audit log does not watch (019_audit_log.sql), each with its reason. */
const NOT_AUDITED: Readonly<Record<string, string>> = {
  audit_log: 'the log itself',
  audit_rows: 'the log itself',
  audit_staging: 'the log itself',
  change_events: 'the live events, written from the log',
  change_events_pruned: 'the live events, written from the log',
  events: "the app's engagement events",
  event_daily: "the app's engagement counts",
  event_daily_cards: "the app's engagement counts",
  event_weekly_offers: "the app's engagement counts",
  health_pairs: "the duplicates' pairs, kept by their loop from offers and outlets (036_health_pairs.sql)",
  health_pairs_dirty:
    "the records whose duplicates' pairs the loop finds again, marked by triggers (036_health_pairs.sql)",
  health_queue_counts: "the health checker's daily queue counts, kept by its loop (037_health_queue_counts.sql)",
  health_scores: "the health checker's daily figures, kept by its loop (032_media_checks.sql)",
  media_checks: "the health checker's findings about files and links (032_media_checks.sql)",
  offer_bank_links: 'derived from offers and cards by triggers (023_offer_bank_links.sql)',
  offer_list_rows: 'derived from offers by triggers (029_offer_list_rows.sql)',
  offer_reach: "derived from offers' links and cards by triggers, for the health queues (034_health_speed.sql)",
  offer_gaps: 'derived from offers by triggers, for the health queues (038_health_kept.sql)',
  card_live:
    "derived from cards' links and offers by triggers, for the health queues (041_live_witness.sql, 044_live_witness_every_row.sql)",
  outlet_live:
    "derived from outlets' links and offers by triggers, for the health queues (041_live_witness.sql, 044_live_witness_every_row.sql)",
  otp_codes: 'sign-in bookkeeping (secrets)',
  sessions: 'sign-in bookkeeping (secrets)',
  signin_limits: 'sign-in bookkeeping (counters)',
  presence: 'who is looking at what, a heartbeat',
  schema_migrations: "the migrations' runner",
  undo_log: "the undo's own rows",
  undo_rows: "the undo's own rows",
  write_counts: 'the write marks themselves',
};

/** What each table must have: by its definition, else audited unless named in NOT_AUDITED. */
function expectations(facts: readonly TableFacts[]): Expected[] {
  const byDefinition = definitions.map(expectedOf);
  const rest = facts
    .filter((f) => !f.view && !byDefinition.some((e) => e.table === f.table))
    .filter((f) => f.table !== 'write_counts')
    .map((f) => ({
      table: f.table,
      by: NOT_AUDITED[f.table] ? 'every table: write marks' : 'every table not in NOT_AUDITED',
      audited: !NOT_AUDITED[f.table],
      search: false,
    }));
  return [...byDefinition, ...rest];
}

it('every table has what its definition implies: audit triggers, write marks, search text', async () => {
  const facts = await readTables(q);
  expect(tableGaps(facts, expectations(facts))).toEqual([]);
  // The list of exceptions names tables that are there and are indeed not audited.
  const audited = (t: string) => facts.find((f) => f.table === t)?.triggers.some((g) => g.name === 'audit_insert');
  for (const t of Object.keys(NOT_AUDITED)) expect({ t, audited: audited(t) }).toEqual({ t, audited: false });
  // Every resource is walked (those of `resources`, the homepage's, notifications), the searchable ones among them.
  expect(definitions.map((r) => r.name)).toEqual(
    expect.arrayContaining(['bank', 'heroBanner', 'notification', 'offer']),
  );
  expect(definitions.filter((r) => r.search).length).toBeGreaterThan(5);
});

it('names each missing piece of a crafted catalogue', () => {
  const all: TableFacts = {
    table: 'things',
    triggers: [
      { name: 'audit_insert', fn: 'audit_capture' },
      { name: 'audit_update', fn: 'audit_capture' },
      { name: 'audit_delete', fn: 'audit_capture' },
      { name: 'note_write', fn: 'note_write' },
      { name: 'things_search_text', fn: 'things_search_text' },
    ],
    columns: ['id', 'search_text'],
    trigram: ['search_text'],
  };
  const want: Expected = { table: 'things', by: 'resource thing', audited: true, search: true };
  expect(tableGaps([all], [want])).toEqual([]);
  expect(
    tableGaps(
      [{ ...all, triggers: all.triggers.filter((t) => t.name === 'audit_insert'), columns: ['id'], trigram: [] }],
      [want, { ...want, table: 'gone' }],
    ),
  ).toEqual([
    'things: no write-mark trigger note_write (resource thing)',
    'things: no audit trigger audit_update (resource thing)',
    'things: no audit trigger audit_delete (resource thing)',
    'things: no search_text column (resource thing)',
    'things: no trigger things_search_text running things_search_text() (resource thing)',
    'things: no trigram index on search_text (resource thing)',
    'gone: no such table (resource thing)',
  ]);
  // A trigger of the right name running another function is no trigger of its own.
  const borrowed = all.triggers.map((t) => (t.name === 'audit_update' ? { ...t, fn: 'note_write' } : t));
  expect(tableGaps([{ ...all, triggers: borrowed }], [want])).toEqual([
    'things: no audit trigger audit_update (resource thing)',
  ]);
  // A resource listed through a view: the view must show the search text (made after the helper ran).
  const viewed = { ...want, view: 'things_view' };
  expect(
    tableGaps([all, { table: 'things_view', triggers: [], columns: ['id'], trigram: [], view: true }], [viewed]),
  ).toEqual(['things: view things_view shows no search_text (resource thing)']);
  expect(
    tableGaps(
      [all, { table: 'things_view', triggers: [], columns: ['id', 'search_text'], trigram: [], view: true }],
      [viewed],
    ),
  ).toEqual([]);
});

// A throwaway entity: its table made by hand, then given its plumbing by the helper.
const gizmo = defineResource({
  name: 'walkGizmo',
  label: { one: 'Gizmo', many: 'Gizmos' },
  storage: { table: 'walk_gizmos' },
  search: { order: 99, title: 'name', subtitle: "'Gizmo'" },
  paths: {
    list: '/walk_gizmos',
    show: '/walk_gizmos/:id',
    add: '/add_walk_gizmo',
    update: '/walk_gizmos/:id',
    remove: '/walk_gizmos/:id',
  },
  updateMethod: 'PUT',
  removeIdParam: '',
  entity: Type.Object({ id: Type.Integer(), name: Type.String() }),
  create: Type.Object({ name: Type.String() }),
  update: Type.Object({ name: Type.Optional(Type.String()) }),
  messages: { added: 'Added', updated: 'Updated', deleted: 'Deleted', shown: 'Shown' },
});

it('notices a table made without the helper, and finds nothing missing once the helper ran', async () => {
  const gaps = async () => {
    const facts = await readTables(q);
    return tableGaps(facts, [...expectations(facts).filter((e) => e.table !== 'walk_gizmos'), expectedOf(gizmo)]);
  };
  await s.db.exec(
    "create table walk_gizmos (id serial primary key, name text not null, maker text); insert into walk_gizmos (name, maker) values ('Flux Capacitor', 'Brövn')",
  );
  // The migrations' runner would add the write mark after a migration; a table made by hand has none.
  expect(await gaps()).toEqual([
    'walk_gizmos: no write-mark trigger note_write (resource walkGizmo)',
    'walk_gizmos: no audit trigger audit_insert (resource walkGizmo)',
    'walk_gizmos: no audit trigger audit_update (resource walkGizmo)',
    'walk_gizmos: no audit trigger audit_delete (resource walkGizmo)',
    'walk_gizmos: no search_text column (resource walkGizmo)',
    'walk_gizmos: no trigger walk_gizmos_search_text running walk_gizmos_search_text() (resource walkGizmo)',
    'walk_gizmos: no trigram index on search_text (resource walkGizmo)',
  ]);

  await s.db.exec("select catalogue_entity('walk_gizmos', $$concat_ws(' ', r.name, r.maker)$$)");
  expect(await gaps()).toEqual([]);
  // The rows already there got their text; a new or changed row gets it from the trigger.
  await s.db.exec(
    "insert into walk_gizmos (name) values ('Hoverboard'); update walk_gizmos set maker = 'Zyx' where name = 'Hoverboard'",
  );
  expect(await q('select name, search_text from walk_gizmos order by id')).toEqual([
    { name: 'Flux Capacitor', search_text: 'flux capacitor brovn' },
    { name: 'Hoverboard', search_text: 'hoverboard zyx' },
  ]);
  // Its writes are staged for the call's audit entry, and marked for the answer cache.
  const staged = await s.db.transaction(async (tx) => {
    await tx.query("select set_config('app.audit', 'walk-probe', true)");
    await tx.query("delete from walk_gizmos where name = 'Hoverboard'");
    const rows = (
      await tx.query<{ tbl: string; is_old: boolean }>(
        "select tbl, is_old from audit_staging where call = 'walk-probe'",
      )
    ).rows;
    const wrote = (await tx.query<{ w: string }>("select current_setting('app.wrote', true) as w")).rows[0].w;
    await tx.query("delete from audit_staging where call = 'walk-probe'");
    return { rows, wrote };
  });
  expect(staged.rows).toEqual([{ tbl: 'walk_gizmos', is_old: true }]);
  expect(staged.wrote).toContain('walk_gizmos,');
  // The functions are the table's own: a second call would redefine them, and is refused.
  await expect(s.db.exec("select catalogue_entity('walk_gizmos', 'r.name')")).rejects.toThrow(/already exists/);
});
