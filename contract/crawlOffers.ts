// Crawl review, crawled offers (the calls; the shapes they share are in ./crawl.ts).
import * as Type from '@sinclair/typebox';
import { ListEnvelope, RecordEnvelope } from './envelope';
import { DateOnly, Id, Nullable, Text } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';
import { BulkResult, BySource, IdInPath, OfferRef, RefPaging, RollbackResult, TransferResult, admin } from './crawl';

export const listOfferRefs = defineOp({
  ...admin,
  id: 'crawl.offerRefs',
  method: 'GET',
  path: `${ADMIN_ROOT}/all_offer_ref`,
  summary: 'List the crawled offers of a source',
  query: RefPaging,
  response: ListEnvelope(OfferRef),
});

export const showOfferRef = defineOp({
  ...admin,
  id: 'crawl.offerRef',
  method: 'GET',
  path: `${ADMIN_ROOT}/show_offer_ref/:id`,
  summary: 'Show one crawled offer',
  params: IdInPath,
  response: RecordEnvelope(OfferRef),
});

export const updateOfferRef = defineOp({
  ...admin,
  id: 'crawl.updateOfferRef',
  method: 'POST',
  path: `${ADMIN_ROOT}/update_offer_ref/:id`,
  summary: 'Correct a crawled offer before onboarding, or check it',
  params: IdInPath,
  body: Type.Object({
    title: Type.Optional(Type.String({ minLength: 2, maxLength: 200, pattern: '\\S' })),
    discount: Type.Optional(Nullable(Text(120))),
    valid_from: Type.Optional(Nullable(DateOnly)),
    valid_to: Type.Optional(Nullable(DateOnly)),
    terms: Type.Optional(Nullable(Text(4000))),
    checked: Type.Optional(Type.Boolean()),
  }),
  multipart: true,
  response: RecordEnvelope(OfferRef),
  message: 'Offer ref updated successfully!',
  touches: ['offerRef'],
});

export const transferOfferRefs = defineOp({
  ...admin,
  id: 'crawl.transferOffers',
  method: 'POST',
  path: `${ADMIN_ROOT}/transfer_offer_ref`,
  summary:
    "Onboard a source's crawled offers into live offers, linked to the assigned cards and outlets (a second transfer adds nothing); offers already expired only with include_expired",
  body: Type.Object({
    ...BySource.properties,
    include_expired: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'true: onboard offers whose last day has passed too (left out, and counted, by default)',
      }),
    ),
  }),
  response: TransferResult,
  touches: ['offerRef', 'offer', 'crawlSource'],
});

export const rollbackOfferRefs = defineOp({
  ...admin,
  id: 'crawl.rollbackOffers',
  method: 'POST',
  path: `${ADMIN_ROOT}/rollback_offer_ref`,
  summary:
    "Remove the live offers this source's onboardings made (never one made by hand, nor one edited since: those are kept and counted); undoable with offer.undo and the answer's token",
  body: BySource,
  response: RollbackResult,
  touches: ['offerRef', 'offer', 'crawlSource'],
});

export const removeSourceFromCard = defineOp({
  ...admin,
  id: 'crawl.removeFromCard',
  method: 'DELETE',
  path: `${ADMIN_ROOT}/offer/remove-from-card`,
  summary: "Unlink a source's onboarded offers from a card (or from every card)",
  body: Type.Object({ ...BySource.properties, card_id: Type.Optional(Id) }),
  response: BulkResult,
  touches: ['offer', 'card', 'crawlSource'],
});
