// The health checker (queue 5 of contract/healthQueues.ts, "Broken media and links"): on the
// background loop (./loop.ts), every LINK_CHECK_EVERY_MIN minutes, it checks each image a record
// names (its file is in storage, disk or S3, and can be read) and each link (banks' websites,
// banners' URLs, a scheduled notification's web address: fetched through ./linkCheck.ts when LINK_CHECK_OUTBOUND is on), those never
// checked, changed since, or checked more than LINK_RECHECK_HOURS ago, and keeps what it found in
// media_checks (server/db/migrations/032_media_checks.sql). Every broken one is logged. The same
// round then keeps the day's health scores (./health.ts keepHealthScores) and each queue's count
// (./healthQueueCounts.ts).
import { homepageResources } from '@contract/homepage';
import { resources } from '@contract/resources';
import type { LinkCheckConfig } from '../config';
import type { Db, Tx } from '../db/connection';
import type { FileStore } from './fileStore';
import { linkChecker, type LinkResult } from './linkCheck';
import { backgroundLoop, type Loop } from './loop';

/** One field of records the checker looks at. */
export interface CheckedField {
  resource: string;
  table: string;
  field: string;
  kind: 'file' | 'link';
  /** Which rows hold a link in the field (SQL over the row as `r`); every row when absent. */
  where?: string;
}

/** Every image field of the contract's resources (their `files` of kind image), and the link fields. */
export const CHECKED_FIELDS: readonly CheckedField[] = [
  ...[...resources, ...homepageResources].flatMap((r) =>
    Object.entries(r.files ?? {})
      .filter(([, kind]) => kind === 'image')
      .map(([field]) => ({ resource: r.name, table: r.storage.table, field, kind: 'file' as const })),
  ),
  { resource: 'bank', table: 'banks', field: 'website', kind: 'link' },
  { resource: 'heroBanner', table: 'hero_banners', field: 'url', kind: 'link' },
  { resource: 'dontMissOut', table: 'dont_miss_out', field: 'url', kind: 'link' },
  // A notification's URL is its link when its link type says so (contract/notification.ts); one
  // still to go out, as a sent one's link cannot be changed any more (the contract has no update).
  {
    resource: 'notification',
    table: 'notifications',
    field: 'url',
    kind: 'link',
    where: "r.link_type = 'url' and r.status = 'scheduled'",
  },
];

const rowsHolding = (f: CheckedField) => (f.where ? ` and (${f.where})` : '');

/** The value record `m.record_id` holds now in field `m.field` (null: none, or the record is gone). */
export const CURRENT_VALUE = (m: string) =>
  `case ${m}.resource || '.' || ${m}.field ${CHECKED_FIELDS.map(
    (f) =>
      `when '${f.resource}.${f.field}' then (select r.${f.field} from ${f.table} r where r.id = ${m}.record_id${rowsHolding(f)})`,
  ).join(' ')} end`;

/** A record's name for the queue's row, whichever table it is of. */
export const RECORD_TITLE = (table: string, id: string) =>
  `(select coalesce(to_jsonb(r)->>'title', to_jsonb(r)->>'name', to_jsonb(r)->>'merchant_name', '#' || r.id) from ${table} r where r.id = ${id})`;

const PIECE = 200;
/** Values one round checks at most: a first round on a large catalogue spreads over several, each short. */
const ROUND_MAX = 20_000;
const FILE_CONCURRENCY = 8;
/**
 * Broken values a round names in the log one by one; the rest are counted in one line. A first
 * round over an imported catalogue can find hundreds of thousands (images imported without
 * their files): the queue lists them, the log says how many.
 */
const LOG_EACH = 20;
const UPLOAD_PATH = /^\/uploads\/([0-9A-Za-z._-]+)$/;

interface Due {
  resource: string;
  record_id: number;
  field: string;
  kind: 'file' | 'link';
  target: string;
}

interface Found extends Due, LinkResult {}

/** Up to `limit` values due a check: never checked, changed since, or checked `recheckHours` ago. */
async function dueValues(tx: Tx, recheckHours: number, outbound: boolean, limit: number): Promise<Due[]> {
  const fields = CHECKED_FIELDS.filter((f) => outbound || f.kind === 'file');
  const all = fields
    .map(
      (f) =>
        `select '${f.resource}' as resource, r.id as record_id, '${f.field}' as field, '${f.kind}' as kind, r.${f.field} as target from ${f.table} r where nullif(btrim(r.${f.field}), '') is not null${rowsHolding(f)}`,
    )
    .join('\nunion all\n');
  // An image held as a web address is fetched like a link: not without outbound checks.
  const r = await tx.query<Due>(
    `select s.* from (${all}) s
       left join media_checks m on m.resource = s.resource and m.record_id = s.record_id and m.field = s.field
      where (m.id is null or m.target <> s.target or m.checked_at < now() - make_interval(hours => $1))
        and ($2 or s.target !~* '^https?://')
      order by s.kind, s.resource, s.record_id limit $3`,
    [recheckHours, outbound, limit],
  );
  return r.rows;
}

/** Whether the stored file of an upload path is there and reads. */
async function checkFile(store: FileStore, target: string): Promise<LinkResult> {
  const name = UPLOAD_PATH.exec(target)?.[1];
  if (!name) return { state: 'broken', status: null, reason: 'Not a file of this server (/uploads/…)' };
  try {
    const file = await store.get(name);
    if (!file) return { state: 'broken', status: null, reason: `File missing from storage (${store.kind})` };
    // Read its first bytes: a file listed but unreadable (permissions, a broken object) is broken too.
    const first = await new Promise<number>((resolve, reject) => {
      file.body.once('data', (chunk: Buffer) => resolve(chunk.length));
      file.body.once('end', () => resolve(0));
      file.body.once('error', reject);
    });
    file.body.destroy();
    if (!first) return { state: 'broken', status: null, reason: 'Empty file in storage' };
    return { state: 'ok', status: null, reason: '' };
  } catch (err) {
    return { state: 'broken', status: null, reason: `Unreadable: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** Runs `fn` on every item, `n` at a time. */
async function inPool<T, R>(items: readonly T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

/**
 * Keeps what a piece found, with whether each value is still its record's (`holds`, which the
 * records' triggers follow from then on: server/db/migrations/042_media_checks_holds.sql). The
 * records are share-locked first, so none changes between that answer and the commit: a
 * write under way keeps its record's checks for the next round (skip locked: the checker never
 * waits on an admin, nor an admin on it in a cycle).
 */
async function keep(tx: Tx, found: readonly Found[]): Promise<void> {
  if (!found.length) return;
  const locked = new Set<string>();
  for (const [resource, table] of new Map(CHECKED_FIELDS.map((f) => [f.resource, f.table]))) {
    const ids = found.filter((f) => f.resource === resource).map((f) => f.record_id);
    if (!ids.length) continue;
    const r = await tx.query<{ id: number }>(
      `select id from ${table} where id = any($1::int[]) order by id for share skip locked`,
      [ids],
    );
    for (const { id } of r.rows) locked.add(`${resource}.${id}`);
  }
  const kept = found.filter((f) => locked.has(`${f.resource}.${f.record_id}`));
  if (!kept.length) return;
  await tx.query(
    `insert into media_checks (resource, record_id, field, kind, target, state, status, reason, checked_at, holds)
     select x.resource, x.record_id, x.field, x.kind, x.target, x.state, x.status, x.reason, now(),
            coalesce(x.target = (${CURRENT_VALUE('x')}), false)
       from json_to_recordset($1::json) as x(resource text, record_id int, field text, kind text, target text, state text, status int, reason text)
     on conflict (resource, record_id, field) do update set kind = excluded.kind, target = excluded.target,
       state = excluded.state, status = excluded.status, reason = excluded.reason, checked_at = excluded.checked_at,
       holds = excluded.holds`,
    [JSON.stringify(kept)],
  );
}

/** Where the checker tells what it found, as JSON fields and a sentence: the server's pino logger fits. */
interface CheckLog {
  info(msg: string): void;
  warn(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
}

export interface MediaCheckDeps {
  db: Db;
  store: FileStore;
  config: LinkCheckConfig;
  log: CheckLog;
}

/** One round: the checks no longer naming a record's value go, then every value due is checked a piece at a time. */
export async function checkMedia(d: MediaCheckDeps, stopped: () => boolean = () => false): Promise<number> {
  // Skip locked: a check row locked is being set by a record's write (its triggers, migration
  // 042_media_checks_holds.sql); the round never waits on that write, so no lock cycle forms
  // with it, and what it skipped goes next round.
  await d.db.transaction((tx) =>
    tx.query(
      `delete from media_checks where id in (select m.id from media_checks m
        where m.target is distinct from (${CURRENT_VALUE('m')}) for update of m skip locked)`,
    ),
  );
  const check = linkChecker({
    timeoutMs: d.config.timeoutMs,
    perHostMs: d.config.perHostMs,
    allowPrivate: d.config.allowPrivate,
  });
  let checked = 0;
  let broken = 0;
  const tried = new Set<string>();
  while (!stopped() && checked < ROUND_MAX) {
    const due = (
      await d.db.read((tx) => dueValues(tx, d.config.recheckHours, d.config.outbound, PIECE + tried.size))
    ).filter((v) => !tried.has(`${v.resource}.${v.record_id}.${v.field}`));
    if (!due.length) break;
    const piece = due.slice(0, PIECE);
    for (const v of piece) tried.add(`${v.resource}.${v.record_id}.${v.field}`);
    const files = piece.filter((v) => v.kind === 'file' && !/^https?:\/\//i.test(v.target));
    const links = piece.filter((v) => !files.includes(v));
    const found: Found[] = [
      ...(await inPool(files, FILE_CONCURRENCY, async (v) => ({ ...v, ...(await checkFile(d.store, v.target)) }))),
      ...(await inPool(links, d.config.concurrency, async (v) => ({ ...v, ...(await check(v.target)) }))),
    ];
    for (const f of found)
      if (f.state === 'broken' && broken++ < LOG_EACH)
        d.log.warn(
          { resource: f.resource, recordId: f.record_id, field: f.field, target: f.target, status: f.status },
          `health check: ${f.resource} ${f.record_id}'s ${f.field} is broken: ${f.reason}`,
        );
    await d.db.transaction((tx) => keep(tx, found));
    checked += found.length;
  }
  if (broken > LOG_EACH)
    d.log.warn(
      { broken },
      `health check: ${(broken - LOG_EACH).toLocaleString('en')} more broken this round, not named one by one (the Health screen's "Broken media and links" lists every one)`,
    );
  return checked;
}

/** The checker's loop: a round at start (missing files show on a first start), then every LINK_CHECK_EVERY_MIN. */
export function createHealthChecks(d: MediaCheckDeps & { then?: () => Promise<void> }): Loop {
  return backgroundLoop({
    run: async (stopped) => {
      const n = await checkMedia(d, stopped);
      if (n) d.log.info(`health check: ${n.toLocaleString('en')} images and links checked`);
      await d.then?.();
    },
    onError: (err) =>
      d.log.error({ err }, `health check: the round failed (tried again in ${d.config.everyMs / 60_000} minutes)`),
    everyMs: d.config.everyMs,
  });
}
