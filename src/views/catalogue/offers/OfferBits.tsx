// Small parts of how an offer reads, shared by the offers screen and the outlet view.
import type { Offer } from '../../../../contract/offer';
import { formatDay } from '../formParts';
import { STATE_LABELS } from './states';

export function OfferStateBadge({ state }: { state: Offer['state'] }) {
  return <span className={`state-badge state-${state}`}>{STATE_LABELS[state].label}</span>;
}

/** '12 Mar 2026 – 12 Jan 2027'. */
export const validity = (o: Pick<Offer, 'valid_from' | 'valid_to'>) => `${formatDay(o.valid_from)} – ${formatDay(o.valid_to)}`;

/** The same, shorter where the year repeats: '1 Jan – 6 Feb 2025'. */
export function shortValidity(o: Pick<Offer, 'valid_from' | 'valid_to'>): string {
  const from = formatDay(o.valid_from);
  const to = formatDay(o.valid_to);
  const year = o.valid_from.slice(0, 4);
  return year === o.valid_to.slice(0, 4) && from.endsWith(` ${year}`) ? `${from.slice(0, -5)} – ${to}` : `${from} – ${to}`;
}
