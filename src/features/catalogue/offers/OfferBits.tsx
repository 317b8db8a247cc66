// Small parts of how an offer reads, shared by the offers screen and the outlet view.
import type { Offer } from '@contract/offer';
import { formatDay } from '@/lib/format';
import { Badge, type Tone } from '@/ui/bits';
import { STATE_LABELS } from './states';

/** Live reads "on", upcoming as the accent, expired stays muted. */
const TONE: Record<Offer['state'], Tone> = { live: 'on', upcoming: 'accent', expired: 'off' };

export function OfferStateBadge({ state }: { state: Offer['state'] }) {
  return <Badge tone={TONE[state]}>{STATE_LABELS[state].label}</Badge>;
}

/** '12 Mar 2026 – 12 Jan 2027'. */
export const validity = (o: Pick<Offer, 'valid_from' | 'valid_to'>) =>
  `${formatDay(o.valid_from)} – ${formatDay(o.valid_to)}`;

/** The same, for a list row: '1 Jan – 6 Feb 2025', or '13 Aug 25 – 2 Jan 27' across years. */
export function shortValidity(o: Pick<Offer, 'valid_from' | 'valid_to'>): string {
  const from = formatDay(o.valid_from);
  const to = formatDay(o.valid_to);
  const year = o.valid_from.slice(0, 4);
  if (year === o.valid_to.slice(0, 4) && from.endsWith(` ${year}`)) return `${from.slice(0, -5)} – ${to}`;
  const short = (d: string) => d.replace(/ (\d{2})(\d{2})$/, ' $2');
  return `${short(from)} – ${short(to)}`;
}
