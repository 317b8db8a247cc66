// Selected offers: the offers the app's homepage features, in an order people set. Each
// points at a live offer; one whose validity has ended stays in the list, flagged `expired`
// (the screen shows it, the app leaves it out), until someone removes it. Deleting the offer
// removes it from the list and closes the gap.
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ListEnvelope, RecordEnvelope } from './envelope';
import { DateOnly, Id, Nullable } from './fields';
import { HOMEPAGE_PERMISSION, HomepageListQuery, Placed, ScheduleInput } from './homepageFields';
import { OfferState } from './offer';
import { ADMIN_ROOT, defineOp, type DefinedOp } from './operation';
import { IdParams, MoveAnswer, MoveBody, Version, defineResource } from './resource';

export const SelectedOffer = Type.Object({
  ...Placed,
  offer_id: Type.Integer(),
  offer_title: Type.String(),
  offer_image: Nullable(Type.String()),
  discount: Type.String(),
  valid_from: DateOnly,
  valid_to: DateOnly,
  /** The offer's state today (contract/offer.ts). */
  state: OfferState,
  expired: Type.Boolean({ description: "the offer's validity has ended (valid_to before today): flagged, not hidden" }),
  bank_names: Type.Array(Type.String()),
  card_names: Type.Array(Type.String()),
});
export type SelectedOffer = Static<typeof SelectedOffer>;

export const SelectedOfferFilters = Type.Object({
  query: Type.Optional(
    Type.String({ maxLength: 200, description: "words of the offer's title, bank, card or merchant" }),
  ),
  state: Type.Optional(OfferState),
});
export type SelectedOfferFilters = Static<typeof SelectedOfferFilters>;

export const SelectedOfferCreate = Type.Object({ offer_id: Id, ...ScheduleInput });
const selectedFields = Type.Object({ offer_id: Type.Optional(Id), ...ScheduleInput });

export const SELECTED_OFFERS_UPDATED = 'Selected offers updated successfully!';
/** The 409 of adding an offer the list already holds (or changing an item to one). */
export const SELECTED_OFFER_TWICE = 'This offer is already among the selected offers.';

export const selectedOfferResource = defineResource({
  name: 'selectedOffer',
  label: { one: 'Selected offer', many: 'Selected offers' },
  about:
    "A selected offer features a live offer on the app's homepage: offer_id with the offer's title, discount, validity, bank and card names, and `expired` when its validity has ended. The filter body takes query and state (live, upcoming, expired). An offer is in the list once (a second add is a 409) and must not have ended when added. Every item has position (1-based), is_active, and starts_at/ends_at (ISO date-times, null: open), which schedule when the app shows it",
  storage: { table: 'selected_offers', view: 'selected_offers_view' },
  // No show call (the product has none): the list holds every field.
  paths: {
    list: '/selected-offers-v1.0.14/list',
    show: '/selected-offers-v1.0.14/:id',
    add: '/selected-offers-v1.0.14',
    update: '/selected-offers-v1.0.14/:id',
    remove: '/selected-offers-v1.0.14/:id',
  },
  omit: ['show'],
  listMethod: 'POST',
  filters: SelectedOfferFilters,
  ordered: { path: '/selected-offers/:id/direction', message: SELECTED_OFFERS_UPDATED },
  updateMethod: 'PUT',
  removeIdParam: '',
  shows: ['offer', 'card', 'bank'],
  permission: HOMEPAGE_PERMISSION,
  entity: SelectedOffer,
  create: SelectedOfferCreate,
  update: selectedFields,
  messages: {
    added: 'Selected offer added successfully!',
    updated: SELECTED_OFFERS_UPDATED,
    deleted: 'Selected offer removed successfully!',
    shown: 'Selected offer fetched successfully!',
  },
});

export const SelectedOfferAll = RecordEnvelope(Type.Array(SelectedOffer));

/** Every selected offer, in position order, without paging (the screen's sortable list, the preview). */
export const allSelectedOffers = defineOp({
  id: 'selectedOffer.all',
  method: 'GET',
  path: `${ADMIN_ROOT}/selected-offers-v1.0.14`,
  summary: 'Every selected offer, in position order (no paging)',
  tag: selectedOfferResource.label.many,
  access: 'admin',
  resource: selectedOfferResource.name,
  response: SelectedOfferAll,
  message: 'Selected offers fetched successfully!',
});

// The calls, typed for the browser (the factory types the list and the bodies loosely).
export const SelectedOfferUpdate = Type.Object({ ...selectedFields.properties, version: Version });
type Rec<
  P extends typeof IdParams | undefined,
  B extends typeof SelectedOfferCreate | typeof SelectedOfferUpdate | undefined,
> = DefinedOp<P, undefined, B, ReturnType<typeof RecordEnvelope<typeof SelectedOffer>>>;

export const SelectedOfferList = ListEnvelope(SelectedOffer);
export const SelectedOfferListBody = Type.Union([Type.Null(), SelectedOfferFilters]);
/** A page of selected offers in position order; the filter payload is the body (null: none). */
export const listSelectedOffers = selectedOfferResource.ops.list as unknown as DefinedOp<
  undefined,
  typeof HomepageListQuery,
  typeof SelectedOfferListBody,
  typeof SelectedOfferList
>;
/** Appends the offer at the end; an offer already in the list is a 409 (SELECTED_OFFER_TWICE). */
export const addSelectedOffer = selectedOfferResource.ops.add as Rec<undefined, typeof SelectedOfferCreate>;
export const updateSelectedOffer = selectedOfferResource.ops.update as unknown as Rec<
  typeof IdParams,
  typeof SelectedOfferUpdate
>;
export const removeSelectedOffer = selectedOfferResource.ops.remove as Rec<typeof IdParams, undefined>;
export const moveSelectedOffer = selectedOfferResource.ops.move as DefinedOp<
  typeof IdParams,
  undefined,
  typeof MoveBody,
  typeof MoveAnswer
>;
