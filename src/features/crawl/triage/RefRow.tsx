import type { RefState } from '@contract/crawl';
import { Badge, formatMoney, type Tone } from '@/ui/bits';
import { countOf } from '@/lib/words';
import { STATE_LABEL } from '../counts';
import type { AnyRef } from './triageTypes';
import { triage } from './model';

export const STATE_TONE: Record<RefState, Tone> = {
  new: 'accent',
  assigned: 'on',
  created: 'on',
  onboarded: 'on',
  skipped: 'off',
  discontinued: 'warn',
};

export const refTitle = (r: AnyRef) =>
  'name' in r
    ? r.name
    : 'merchant_name' in r
      ? r.branch
        ? `${r.merchant_name} — ${r.branch}`
        : r.merchant_name
      : r.title;

/** One crawled ref in the queue: its title, state and a line of facts. */
export function RefRow({ r, pending }: { r: AnyRef; pending: boolean }) {
  const meta: (string | null)[] =
    'name' in r
      ? [r.network, r.annual_fee === null ? null : formatMoney(r.annual_fee), r.card_name ? `→ ${r.card_name}` : null]
      : 'merchant_name' in r
        ? [r.area_name, r.address]
        : [
            r.discount,
            r.card_names.join(', ') || null,
            r.outlet_names.length ? countOf(r.outlet_names.length, 'outlet') : null,
          ];
  return (
    <div className="rec-row">
      <div className="rec-line">
        <span className="rec-title">{refTitle(r)}</span>
        <span className="state-pill" style={{ marginLeft: 'auto', opacity: pending ? 0.6 : 1 }}>
          <Badge tone={STATE_TONE[r.state]}>{pending ? `${STATE_LABEL[r.state]}…` : STATE_LABEL[r.state]}</Badge>
        </span>
      </div>
      <div className="rec-meta">
        {triage.heldByOther(r) && r.state === 'new' && (
          <span className="triage-held">{r.claimed_by_name ?? 'Another reviewer'} is reviewing</span>
        )}
        <span className="rec-ellipsis">{meta.filter(Boolean).join(' · ') || '\u00a0'}</span>
      </div>
    </div>
  );
}
