// The range's totals by type, with the redemption rate: the first thing read on the screen.
import { EVENT_TYPES, type EventCounts } from '@contract/engagement';
import { num, percent } from './charts/format';
import { TYPE_LABELS } from './labels';

export function Totals({ totals }: { totals: EventCounts }) {
  return (
    <ul className="eng-totals" aria-label="Totals">
      {EVENT_TYPES.map((t) => (
        <li key={t} className="eng-total" data-type={t}>
          <span className="eng-total-label">
            <i className="eng-swatch" aria-hidden />
            {TYPE_LABELS[t].many}
          </span>
          <span className="eng-total-value">{num(totals[t])}</span>
        </li>
      ))}
      <li className="eng-total">
        <span className="eng-total-label" title="Redemptions per offer view">
          Redeemed per view
        </span>
        <span className="eng-total-value">{percent(totals.offer_redeemed, totals.offer_viewed)}</span>
      </li>
    </ul>
  );
}
