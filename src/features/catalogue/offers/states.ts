import type { OfferState } from '@contract/offer';
import type { Static } from '@sinclair/typebox';

/** How the three offer states read (the server decides which one an offer is in). */
export const STATE_LABELS: Record<Static<typeof OfferState>, { label: string; hint: string }> = {
  live: { label: 'Live', hint: 'valid today' },
  upcoming: { label: 'Upcoming', hint: 'starts later' },
  expired: { label: 'Expired', hint: 'ended' },
};
