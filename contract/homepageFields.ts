// What the four homepage lists (contract/homepage.ts) have in common: a place in their list,
// a switch, a schedule, and (banners) what the banner opens in the app.
import * as Type from '@sinclair/typebox';
import type { Static, TObject } from '@sinclair/typebox';
import { ListQuery } from './envelope';
import { Id, Nullable, Timestamps, Url } from './fields';

/** The permission every homepage write will need once roles exist. */
export const HOMEPAGE_PERMISSION = 'homepage.write';

/** A homepage list's query (the type of what the derived list takes): words, page (default 1), per_page (default 50); the order is always by position. */
export const HomepageListQuery = Type.Omit(ListQuery, ['sort']);

const Moment = Type.String({ format: 'date-time', maxLength: 40 });

/** An item's place and schedule, as every homepage record answers them. */
export const Placed = {
  id: Type.Integer(),
  position: Type.Integer({
    minimum: 1,
    description: "the item's place in its list, 1-based: 1..n, no gap, no duplicate",
  }),
  is_active: Type.Boolean({ description: 'false: never shown, whatever the schedule' }),
  starts_at: Nullable(Type.String({ format: 'date-time', description: 'shown from this moment on (null: already)' })),
  ends_at: Nullable(Type.String({ format: 'date-time', description: 'shown until this moment (null: no end)' })),
  ...Timestamps,
};

/** The switch and the schedule as a write takes them (all optional: an add defaults to active, unscheduled). */
export const ScheduleInput = {
  is_active: Type.Optional(Type.Boolean()),
  starts_at: Type.Optional(Nullable({ ...Moment, title: 'Starts' })),
  ends_at: Type.Optional(Nullable({ ...Moment, title: 'Ends' })),
};

/** What a banner opens: an offer, a card, a bank, or a web address. */
export const LINK_TYPES = ['offer', 'card', 'bank', 'url'] as const;
export const LinkType = Type.Union(LINK_TYPES.map((t) => Type.Literal(t)));
export type LinkType = Static<typeof LinkType>;

/**
 * A banner's link as it answers: `link_type` says which one target field holds it
 * (offer_id, card_id, bank_id or url; the others are null); null links nowhere.
 * `link_name` is the target's name (the offer's title, the card's or bank's name, the URL).
 * Deleting the target drops the link (link_type becomes null), never the banner.
 */
export const LinkFields = {
  link_type: Nullable(LinkType),
  offer_id: Nullable(Type.Integer()),
  card_id: Nullable(Type.Integer()),
  bank_id: Nullable(Type.Integer()),
  url: Nullable(Type.String()),
  link_name: Nullable(
    Type.String({ description: "the link target's name: offer title, card or bank name, or the URL" }),
  ),
};

/**
 * A banner's link as a write takes it. With `link_type`, its target field is required and
 * the other targets are cleared; `link_type: null` clears the link. A target of another type
 * than `link_type` is a 422 on that field.
 */
export const LinkInput = {
  link_type: Type.Optional(Nullable({ ...LinkType, title: 'Link to' })),
  offer_id: Type.Optional(Nullable(Id)),
  card_id: Type.Optional(Nullable(Id)),
  bank_id: Type.Optional(Nullable(Id)),
  url: Type.Optional(Nullable({ ...Url, title: 'Web address' })),
};

/** The target field of each link type. */
export const LINK_TARGET: Readonly<Record<LinkType, 'offer_id' | 'card_id' | 'bank_id' | 'url'>> = {
  offer: 'offer_id',
  card: 'card_id',
  bank: 'bank_id',
  url: 'url',
};

export const Title = Type.String({ minLength: 2, maxLength: 120, pattern: '\\S' });

/** Every field of a create body, optional: the update body (the factory adds `version`). */
export const partial = (o: TObject) =>
  Type.Object(Object.fromEntries(Object.entries(o.properties).map(([k, v]) => [k, Type.Optional(v)])));

/** What decides whether the app shows an item at a moment. */
export interface Scheduled {
  is_active: boolean;
  starts_at: string | null;
  ends_at: string | null;
}

/**
 * Whether the app shows the item at `at` (ISO text or epoch ms): active, started (starts_at
 * at or before `at`) and not ended (ends_at after `at`). The server's lists show every item;
 * the app and the screen's preview apply this.
 */
export function isShownAt(item: Scheduled, at: string | number): boolean {
  const t = typeof at === 'number' ? at : Date.parse(at);
  if (!item.is_active) return false;
  if (item.starts_at && Date.parse(item.starts_at) > t) return false;
  return !(item.ends_at && Date.parse(item.ends_at) <= t);
}
