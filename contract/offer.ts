import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { IdParams, defineResource } from './resource';
import { RecordEnvelope } from './envelope';
import { ADMIN_ROOT, defineOp } from './operation';
import { OFFER_STATES } from './constants';

export { OFFER_STATES };
import { DateOnly, Id, IdList, Nullable, Text, Timestamps } from './fields';

export const OFFER_TITLE_MAX = 160;

export const OfferState = Type.Union(OFFER_STATES.map((s) => Type.Literal(s)));

export const Offer = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Nullable(Type.String()),
  discount: Type.String(),
  // Dates, not text: a sort by them is a sort of dates (server/repositories/crud.ts lowercases text only).
  valid_from: Type.String({ format: 'date' }),
  valid_to: Type.String({ format: 'date' }),
  terms: Nullable(Type.String()),
  image: Nullable(Type.String()),
  category_id: Nullable(Type.Integer()),
  category_name: Nullable(Type.String()),
  card_ids: Type.Array(Type.Integer()),
  outlet_ids: Type.Array(Type.Integer()),
  /** Names for lists and the palette's subtitle. */
  bank_names: Type.Array(Type.String()),
  merchant_names: Type.Array(Type.String()),
  from_source: Type.String(),
  state: OfferState,
  ...Timestamps,
});
export type Offer = Static<typeof Offer>;

const Title = Type.String({ minLength: 3, maxLength: OFFER_TITLE_MAX, pattern: '\\S' });
const Discount = Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' });
const Source = Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z0-9_-]+$', title: 'Source' });
// In the order the offer form shows them (src/screens/SchemaForm.tsx draws the create and update schemas in order).
const fields = {
  title: Title,
  discount: Discount,
  valid_from: DateOnly,
  valid_to: DateOnly,
  category_id: Nullable(Id),
  card_ids: IdList,
  outlet_ids: IdList,
  description: Nullable(Text(4000)),
  terms: Nullable(Text(8000)),
  from_source: Source,
};

export const OfferFilters = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200 })),
  bank: Type.Optional(Id),
  card: Type.Optional(Id),
  category: Type.Optional(Id),
  outlet: Type.Optional(Id),
  from_source: Type.Optional(Source),
  state: Type.Optional(OfferState),
  /** Valid today and ending within the next n days (today included): the dashboard's "expiring" figure. */
  expiring: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 366, description: 'valid today, last day within the next n days' }),
  ),
});

export const offerResource = defineResource({
  name: 'offer',
  label: { one: 'Offer', many: 'Offers' },
  catalogue: true,
  storage: { table: 'offers', view: 'offers_view' },
  search: {
    order: 2,
    title: 'title',
    subtitle: "discount || ' · ' || to_char(valid_from, 'DD Mon YYYY') || ' – ' || to_char(valid_to, 'DD Mon YYYY')",
  },
  dashboard: { order: 2 },
  shows: ['category', 'card', 'bank', 'outlet'],
  paths: {
    list: '/all_offer',
    show: '/show_offer',
    add: '/add_offer',
    update: '/update_offer/:id',
    remove: '/delete_offer',
  },
  listMethod: 'POST',
  showIdIn: 'query',
  updateMethod: 'POST',
  removeIdParam: 'offer_id',
  files: { image: 'image' },
  filters: OfferFilters,
  bulk: ['category_id', 'valid_from', 'valid_to'],
  sortable: ['valid_to', 'title', 'created_at'],
  // Newest first: the offers someone just added or imported are the ones being looked at.
  defaultSort: '-created_at',
  entity: Offer,
  create: Type.Object({
    title: fields.title,
    discount: fields.discount,
    valid_from: fields.valid_from,
    valid_to: fields.valid_to,
    category_id: Type.Optional(fields.category_id),
    card_ids: Type.Optional(fields.card_ids),
    outlet_ids: Type.Optional(fields.outlet_ids),
    description: Type.Optional(fields.description),
    terms: Type.Optional(fields.terms),
    from_source: Type.Optional(fields.from_source),
  }),
  update: Type.Object({
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Type.Optional(v)])),
  }),
  messages: {
    added: 'Offer added successfully!',
    updated: 'Offer updated successfully!',
    deleted: 'Offer deleted successfully!',
    shown: 'Offer fetched successfully!',
  },
});

/** What a copy's title ends with; the original's title is cut so the copy's fits the title's 160. */
export const COPY_SUFFIX = ' (copy)';

/**
 * A new offer with the fields of another (its texts, dates, category, image, cards and outlets),
 * its title ending " (copy)", entered by hand (`from_source` manual): the original stays as it was.
 */
export const duplicateOffer = defineOp({
  id: 'offer.duplicate',
  method: 'POST',
  path: `${ADMIN_ROOT}/duplicate_offer/:id`,
  summary: 'Copy an offer (texts, dates, category, image, cards and outlets) as a new manual offer titled "… (copy)"',
  tag: 'Offers',
  access: 'admin',
  permission: 'offer.write',
  resource: 'offer',
  params: IdParams,
  response: RecordEnvelope(Offer),
  message: 'Offer duplicated.',
  touches: ['offer'],
});
