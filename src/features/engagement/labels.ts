// How the event types read on the engagement screen.
import type { EventType } from '@contract/engagement';

export const TYPE_LABELS: Record<EventType, { one: string; many: string; short: string }> = {
  offer_viewed: { one: 'Offer view', many: 'Offer views', short: 'Views' },
  offer_opened: { one: 'Offer opened', many: 'Offers opened', short: 'Opens' },
  offer_saved: { one: 'Offer saved', many: 'Offers saved', short: 'Saves' },
  offer_redeemed: { one: 'Redemption', many: 'Redemptions', short: 'Redeemed' },
  card_viewed: { one: 'Card view', many: 'Card views', short: 'Card views' },
};
