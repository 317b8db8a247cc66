// The offer calls beyond CRUD: duplicate an offer.
import { COPY_SUFFIX, duplicateOffer, OFFER_TITLE_MAX, offerResource, type Offer } from '@contract/offer';
import { HttpError } from '../errors';
import { bind, type Bound } from '../http/handle';
import { repositoryFor } from '../repositories/registry';

/** The copy's title: the original's, cut where needed so " (copy)" still fits. */
export const copyTitle = (title: string) =>
  `${title.slice(0, OFFER_TITLE_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;

/** What a copy takes from its original: what an add takes, its files included. */
const COPIED = [
  ...Object.keys(offerResource.create.properties),
  ...Object.keys(offerResource.files ?? {}),
] as (keyof Offer)[];

export function offerHandlers(): Bound[] {
  const offers = repositoryFor<Offer>(offerResource);
  return [
    bind(duplicateOffer, async ({ params }, tx) => {
      const from = await offers.get(tx, params.id);
      if (!from)
        throw new HttpError(404, `Offer ${params.id} not found.`, { id: [`No offer has the id ${params.id}.`] });
      // Through the repository's own create: its links are written and checked as an add's are.
      // Every field an add takes is copied (a field added to the offer's create schema is copied
      // with no edit here); the image is shared: a stored file goes only once nothing names it
      // (server/services/storageCleanup.ts).
      const copied = Object.fromEntries(COPIED.map((k) => [k, from[k]]));
      const data = await offers.create(tx, { ...copied, title: copyTitle(from.title), from_source: 'manual' });
      return { message: duplicateOffer.message!, data };
    }),
  ];
}
