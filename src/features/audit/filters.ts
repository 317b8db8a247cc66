// The audit log's filters live in its URL (/audit-log?resource=bank&record_id=3&actor=1…), so
// "Show changes to this record" and "Show changes by…" are links, and Back undoes a filter.
// Records and people are kept by id (a rename keeps the link); the screen shows their names.
import type { AuditQuery } from './auditApi';
import { addDays, dubaiDay, dubaiInstant, parseYmd } from '@contract/dubaiTime';
import { AUDIT_PATH } from './entry';

export const FILTER_KEYS = ['resource', 'record_id', 'actor', 'operation', 'when', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type AuditFilters = Partial<Record<FilterKey, string>>;

/** The time filter's choices: a moment before now, a Dubai day, or the days picked. */
export const WHEN = [
  { value: '', label: 'Any time' },
  { value: 'hour', label: 'Last hour' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Last 7 days' },
  { value: 'days', label: 'Between days…' },
] as const;
export type When = (typeof WHEN)[number]['value'];

/** The instant a Dubai day starts, by the catalogue's one clock (contract/dubaiTime.ts). */
const dayStart = (ymd: string) => dubaiInstant({ ...parseYmd(ymd)!, hour: 0, minute: 0 });

const whole = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
const day = (v: string | undefined) => (v && parseYmd(v) ? v : undefined);

/** The time filter in force: days given without a choice are the days picked. */
export const whenOf = (f: AuditFilters): When =>
  WHEN.some((w) => w.value === f.when) ? (f.when as When) : f.from || f.to ? 'days' : '';

export function filtersOf(search: string): AuditFilters {
  const params = new URLSearchParams(search);
  const out: AuditFilters = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v) out[k] = v;
  }
  return out;
}

/**
 * The call's query: ids as numbers, the time as moments. Today is the Dubai day now, the last
 * 7 days today and the six before it; picked days run from the start of `from` to the end of `to`.
 */
export function queryOf(f: AuditFilters, now: number = Date.now()): Omit<AuditQuery, 'page' | 'per_page'> {
  const when = whenOf(f);
  let from: Date | undefined;
  let to: Date | undefined;
  if (when === 'hour') from = new Date(now - 3600_000);
  else if (when === 'today') from = dayStart(dubaiDay(now));
  else if (when === 'week') from = dayStart(addDays(dubaiDay(now), -6));
  else if (when === 'days') {
    const first = day(f.from);
    const last = day(f.to);
    from = first ? dayStart(first) : undefined;
    to = last ? dayStart(addDays(last, 1)) : undefined;
  }
  return {
    resource: f.resource || undefined,
    record_id: whole(f.record_id),
    actor: whole(f.actor),
    operation: f.operation || undefined,
    from: from?.toISOString(),
    to: to?.toISOString(),
  };
}

export function auditPath(f: AuditFilters): string {
  const params = new URLSearchParams();
  for (const k of FILTER_KEYS) if (f[k]) params.set(k, f[k]!);
  const text = params.toString();
  return text ? `${AUDIT_PATH}?${text}` : AUDIT_PATH;
}
