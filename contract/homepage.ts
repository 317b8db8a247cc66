// Homepage configuration: the four lists that arrange the app's homepage, each in an order
// people set (contract/resource.ts `ordered`): hero banners and don't-miss-out banners
// (contract/homepageBanners.ts), welcome boxes (homepageWelcome.ts) and selected offers
// (homepageSelected.ts). Their five CRUD calls and the move are derived; the exceptions are
// written beside them (the don't-miss-out up/down step, every selected offer at once).
//
// They are listed in contract/operations.ts's `operations`, not in `resources`: one screen
// (/homepage-config) shows all four, where `resources` has a screen per resource.
import { dontMissOutResource, heroBannerResource, stepDontMissOut } from './homepageBanners';
import { allSelectedOffers, selectedOfferResource } from './homepageSelected';
import { welcomeBoxResource } from './homepageWelcome';
import type { AnyOp } from './operation';
import type { Resource } from './resource';

/** In the order of the screen's tabs. */
export const homepageResources: readonly Resource[] = [
  heroBannerResource,
  welcomeBoxResource,
  selectedOfferResource,
  dontMissOutResource,
];

/** The calls beyond the derived ones, by resource. */
const exceptions: Readonly<Record<string, readonly AnyOp[]>> = {
  dontMissOut: [stepDontMissOut],
  selectedOffer: [allSelectedOffers],
};

/** Their calls, each resource's in the order list, show, add, update (PUT, PATCH), move, its exceptions, remove. */
export const homepageOps: readonly AnyOp[] = homepageResources.flatMap((r) =>
  (
    [
      r.ops.list,
      r.ops.show,
      r.ops.add,
      r.ops.update,
      r.ops.patch,
      r.ops.move,
      ...(exceptions[r.name] ?? []),
      r.ops.remove,
    ] as (AnyOp | undefined)[]
  ).filter((op): op is AnyOp => !!op),
);
