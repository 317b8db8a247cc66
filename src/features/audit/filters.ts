// The audit log's filters live in its URL (/audit-log?resource=bank&record_id=3&actor=1…), so
// "Show changes to this record" and "Show changes by…" are links, and Back undoes a filter.
import type { AuditQuery } from '@/api/audit';
import { dubaiInstant, parseYmd } from '@contract/dubaiTime';
import { AUDIT_PATH } from './entry';

export const FILTER_KEYS = ['resource', 'record_id', 'actor', 'operation', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type AuditFilters = Partial<Record<FilterKey, string>>;

/** The instant a Dubai day starts, by the catalogue's one clock (contract/dubaiTime.ts). */
const dayStart = (ymd: string) => dubaiInstant({ ...parseYmd(ymd)!, hour: 0, minute: 0 });

const whole = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
const day = (v: string | undefined) => (v && parseYmd(v) ? v : undefined);

export function filtersOf(search: string): AuditFilters {
  const params = new URLSearchParams(search);
  const out: AuditFilters = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v) out[k] = v;
  }
  return out;
}

/** The call's query: ids as numbers, the days as moments (to: the end of its day). */
export function queryOf(f: AuditFilters): Omit<AuditQuery, 'page' | 'per_page'> {
  const from = day(f.from);
  const to = day(f.to);
  const end = to ? dayStart(to) : undefined;
  end?.setUTCDate(end.getUTCDate() + 1);
  return {
    resource: f.resource || undefined,
    record_id: whole(f.record_id),
    actor: whole(f.actor),
    operation: f.operation || undefined,
    from: from ? dayStart(from).toISOString() : undefined,
    to: end?.toISOString(),
  };
}

export function auditPath(f: AuditFilters): string {
  const params = new URLSearchParams();
  for (const k of FILTER_KEYS) if (f[k]) params.set(k, f[k]!);
  const text = params.toString();
  return text ? `${AUDIT_PATH}?${text}` : AUDIT_PATH;
}
