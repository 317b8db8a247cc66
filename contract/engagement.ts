// Engagement: what app users did with offers and cards over a range of days, in one call that
// answers every chart of the /engagement screen (one round trip, one consistent moment).
// Events are written by the app (migration 012); here they are only read, through daily
// rollups (server/repositories/engagement.ts).
import * as Type from '@sinclair/typebox';
import type { Static, TProperties } from '@sinclair/typebox';
import { RecordEnvelope } from './envelope';
import { DateOnly, Id, Nullable } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';

export const EVENT_TYPES = ['offer_viewed', 'offer_opened', 'offer_saved', 'offer_redeemed', 'card_viewed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The presets the screen offers; any 1–366 days may be asked for. */
export const ENGAGEMENT_PRESETS = [7, 30, 90] as const;
export const ENGAGEMENT_DEFAULT_DAYS = 30;
/** A range spans at most this many days (a leap year), so one call reads a bounded number of rows. */
export const ENGAGEMENT_MAX_DAYS = 366;
/** Days are calendar days in this zone: the catalogue is Dubai's. */
export const ENGAGEMENT_TIME_ZONE = 'Asia/Dubai';

const count = Type.Integer({ minimum: 0 });
/** One count per event type. */
export const EventCounts = Type.Object(
  Object.fromEntries(EVENT_TYPES.map((t) => [t, count])) as Record<EventType, typeof count>,
);
export type EventCounts = Static<typeof EventCounts>;

/** A chart's row: what it is, its counts, and their sum (which ranks it). */
const Ranked = <T extends TProperties>(fields: T) =>
  Type.Object({ ...fields, ...EventCounts.properties, total: count });

export const EngagementDay = Type.Object({ day: DateOnly, ...EventCounts.properties });
export const TopOffer = Ranked({ offer_id: Type.Integer(), title: Type.String() });
export const BankEngagement = Ranked({ bank_id: Type.Integer(), name: Type.String() });
export const CardEngagement = Ranked({ card_id: Type.Integer(), name: Type.String(), bank_name: Type.String() });
export const CategoryEngagement = Ranked({ category_id: Nullable(Type.Integer()), name: Type.String() });
export type EngagementDay = Static<typeof EngagementDay>;
export type TopOffer = Static<typeof TopOffer>;
export type BankEngagement = Static<typeof BankEngagement>;
export type CardEngagement = Static<typeof CardEngagement>;
export type CategoryEngagement = Static<typeof CategoryEngagement>;

/** A record a filter names; `name` says "#12 (deleted)" when it no longer exists (its events stay). */
const Named = Nullable(Type.Object({ id: Type.Integer(), name: Type.String() }));

export const Engagement = Type.Object({
  range: Type.Object({ from: DateOnly, to: DateOnly, days: Type.Integer(), time_zone: Type.String() }),
  filters: Type.Object({ offer: Named, card: Named, bank: Named }),
  totals: EventCounts,
  /** Every day of the range, oldest first, zeros included. */
  daily: Type.Array(EngagementDay),
  /** Offers by their events (views, opens, saves, redemptions), most first. */
  top_offers: Type.Array(TopOffer),
  /** Events that name a card (an offer's card, or a card view), by the card's bank now. */
  banks: Type.Array(BankEngagement),
  cards: Type.Array(CardEngagement),
  /** An offer's events by the offer's category, a card view by the card's; null: none. */
  categories: Type.Array(CategoryEngagement),
});
export type Engagement = Static<typeof Engagement>;

export const EngagementQuery = Type.Object({
  days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: ENGAGEMENT_MAX_DAYS,
      description: 'the last n days, today included (default 30); not with from/to',
    }),
  ),
  from: Type.Optional(
    Type.String({ format: 'date', description: 'first day, YYYY-MM-DD (default: 29 days before to)' }),
  ),
  to: Type.Optional(Type.String({ format: 'date', description: 'last day, YYYY-MM-DD (default: today, Dubai time)' })),
  offer_id: Type.Optional(Id),
  card_id: Type.Optional(Id),
  bank_id: Type.Optional(Id),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 50, default: 10, description: 'how many offers and cards to rank' }),
  ),
});
export type EngagementQuery = Static<typeof EngagementQuery>;

export const getEngagement = defineOp({
  id: 'engagement.get',
  method: 'GET',
  path: `${ADMIN_ROOT}/engagement`,
  summary:
    'Engagement charts for a range of days (last n days, or from–to, at most 366), optionally of one offer, card or bank: events per day by type, top offers, banks, cards, categories',
  tag: 'Engagement',
  access: 'admin',
  permission: 'engagement.read',
  query: EngagementQuery,
  response: RecordEnvelope(Engagement),
  message: 'Engagement fetched successfully!',
});
