// The audit log: one entry per write call, made by the server for every write whatever its
// handler (server/http/handle.ts, server/services/audit.ts). Entries are read and reverted;
// no call changes or deletes one. They are kept `audit_retention_days` (contract/settings.ts).
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ListEnvelope, ListQuery, RecordEnvelope } from './envelope';
import { Id, Nullable } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';
import { homepageResources } from './homepage';
import { IdParams } from './resource';
import { resources } from './resources';

/**
 * What an entry did to its record; `mass`: many records (their ids in `tables`); `none`: no
 * record changed; `export`: records of people were exported (contract/export.ts), `count` of
 * them, `after` saying which.
 */
export const AuditKind = Type.Union([
  Type.Literal('create'),
  Type.Literal('update'),
  Type.Literal('delete'),
  Type.Literal('mass'),
  Type.Literal('none'),
  Type.Literal('export'),
]);
export type AuditKind = Static<typeof AuditKind>;

/** Per table the call wrote: how many rows it added, changed and removed, and their ids. */
export const AuditTable = Type.Object({
  added: Type.Integer(),
  changed: Type.Integer(),
  removed: Type.Integer(),
  ids: Type.Array(Type.Integer(), { description: 'the ids of the rows it touched (link rows have none)' }),
});

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  actor_id: Nullable(Type.Integer()),
  actor_name: Nullable(Type.String({ description: 'who, as named when they made the call' })),
  operation: Type.String({ description: "the operation's id (contract/operations.ts): 'bank.update'" }),
  kind: AuditKind,
  resource: Nullable(Type.String({ description: "the record's type: 'bank'" })),
  record_id: Nullable(Type.Integer()),
  label: Nullable(Type.String({ description: 'the record’s name or title when it has one' })),
  count: Type.Integer({ description: 'records changed (an export: rows exported)' }),
  before: Nullable(
    Type.Record(Type.String(), Type.Unknown(), {
      description: 'an update: the fields it changed, as they were; a delete: the whole record',
    }),
  ),
  after: Nullable(
    Type.Record(Type.String(), Type.Unknown(), {
      description:
        'an update: the fields it changed, as it left them; a create: the whole record; an export: its search, filters and sort, or the ids it was given',
    }),
  ),
  tables: Type.Record(Type.String(), AuditTable),
  names: Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), {
    description:
      "per field holding ids of other records (a foreign key, a create's or delete's links such as `card_ids`): each id's record name, as it is now",
  }),
  revertible: Type.Boolean({
    description:
      "whether the caller's revert of it would be accepted now: it kept its rows, no later entry changed the fields it changed, and the caller may make that write by hand",
  }),
});
export type AuditEntry = Static<typeof AuditEntry>;

/**
 * Fields kept as sanitized HTML (server/services/cmsSanitizer.ts), by the record type an entry
 * names: History shows their change rendered, words struck and marked, not as two texts.
 */
export const HTML_FIELDS: Readonly<Record<string, readonly string[]>> = {
  cms_pages: ['content'],
  cms_page_versions: ['content'],
};

/** Record types whose table's name does not read as one in a sentence. */
const TABLE_WORDS: Readonly<Record<string, string>> = {
  categories: 'Category',
  dubai_cities: 'Area',
  crawl_offers: 'Crawled offer',
  crawl_cards: 'Crawled card',
  dont_miss_out: "Don't miss out banner",
  cms_pages: 'Legal page',
  cms_page_versions: 'Legal page version',
};

/** A table's record in words, for one without a resource's label: 'cms_pages' → 'Legal page', 'hero_banners' → 'Hero banner'. */
export const tableWord = (table: string) =>
  TABLE_WORDS[table] ??
  (table.charAt(0).toUpperCase() + table.slice(1)).replace(/_/g, ' ').replace(/ies$/, 'y').replace(/s$/, '');

/** A count of records of a type in words: 'bank', 3 → '3 banks'; 'crawl_offers', 49 → '49 crawled offers'. */
export function recordsWord(resource: string | null, count: number): string {
  const r = [...resources, ...homepageResources].find((x) => x.name === resource);
  const one = r ? r.label.one : resource ? tableWord(resource) : 'record';
  const many = r ? r.label.many : resource ? `${one.replace(/y$/, 'ie')}s` : 'records';
  return `${count.toLocaleString('en-US')} ${(count === 1 ? one : many).toLowerCase()}`;
}

/**
 * Calls whose writes are bookkeeping, not changes: a reviewer opening a crawled ref claims it
 * for a few minutes, and lets it go. They leave no entry (server/http/handle.ts), and entries
 * written before they were left out are not listed (server/repositories/auditLog.ts).
 */
export const UNLOGGED_OPERATIONS: readonly string[] = ['crawl.claim', 'crawl.release'];

/** How long entries are kept unless the settings say otherwise. */
export const AUDIT_RETENTION_DAYS = 400;

const { page, per_page } = ListQuery.properties;
export const AuditQuery = Type.Object({
  page,
  per_page,
  resource: Type.Optional(Type.String({ maxLength: 60, description: "the record's type: 'bank'" })),
  record_id: Type.Optional(Id),
  actor: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: "the actor's account id" })),
  operation: Type.Optional(Type.String({ maxLength: 80, description: "an operation id: 'bank.update'" })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'entries at or after this moment' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'entries before this moment' })),
});
export type AuditQuery = Static<typeof AuditQuery>;

const base = { tag: 'Audit log', access: 'admin' as const, resource: 'audit' };

export const listAudit = defineOp({
  ...base,
  id: 'audit.list',
  method: 'GET',
  path: `${ADMIN_ROOT}/audit_log`,
  summary:
    "The audit log, newest first: every write call with who, when, the record and its fields before and after. A private saved view's entries are listed to its owner alone; people's e-mails and phones are masked for a role without people.read",
  query: AuditQuery,
  response: ListEnvelope(AuditEntry),
});

export const revertAudit = defineOp({
  ...base,
  id: 'audit.revert',
  method: 'POST',
  path: `${ADMIN_ROOT}/audit_log/:id/revert`,
  summary:
    "Set back what an entry changed, as the entry's operation would by hand (admins only; its permission and rules hold). A new write, itself logged; a 409 names the fields changed since and by whom",
  params: IdParams,
  response: RecordEnvelope(AuditEntry),
  message: 'Reverted.',
  // Whatever the entry changed: any record may come back.
  touches: [...new Set([...resources, ...homepageResources].map((r) => r.name))],
});
