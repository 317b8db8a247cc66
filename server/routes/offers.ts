// The offer calls beyond CRUD: duplicate an offer.
import { COPY_SUFFIX, duplicateOffer, OFFER_TITLE_MAX, offerResource, type Offer } from '@contract/offer';
import { HttpError } from '../errors';
import { bind, type Bound } from '../http/handle';
import { repositoryFor } from '../repositories/registry';

/** The copy's title: the original's, cut where needed so " (copy)" still fits. */
export const copyTitle = (title: string) =>
  `${title.slice(0, OFFER_TITLE_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;

export function offerHandlers(): Bound[] {
  const offers = repositoryFor<Offer>(offerResource);
  return [
    bind(duplicateOffer, async ({ params }, tx) => {
      const from = await offers.get(tx, params.id);
      if (!from)
        throw new HttpError(404, `Offer ${params.id} not found.`, { id: [`No offer has the id ${params.id}.`] });
      // Through the repository's own create: its links are written and checked as an add's are.
      // The image is shared: a stored file goes only once nothing names it (server/services/storageCleanup.ts).
      const data = await offers.create(tx, {
        title: copyTitle(from.title),
        description: from.description,
        discount: from.discount,
        valid_from: from.valid_from,
        valid_to: from.valid_to,
        terms: from.terms,
        image: from.image,
        category_id: from.category_id,
        card_ids: from.card_ids,
        outlet_ids: from.outlet_ids,
        from_source: 'manual',
      });
      return { message: duplicateOffer.message!, data };
    }),
  ];
}
