// Homepage configuration: the four lists that arrange the app's homepage, each in an order
// people set (contract/resource.ts `ordered`): hero banners and don't-miss-out banners
// (contract/homepageBanners.ts), welcome boxes (homepageWelcome.ts) and selected offers
// (homepageSelected.ts). Their five CRUD calls and the move are derived; the exceptions are
// written beside them (the don't-miss-out up/down step, every selected offer at once).
//
// Their calls are collected by contract/operations.ts from their modules; they are not in `resources`: one screen
// (/homepage-config) shows all four, where `resources` has a screen per resource.
import { dontMissOutResource, heroBannerResource } from './homepageBanners';
import { selectedOfferResource } from './homepageSelected';
import { welcomeBoxResource } from './homepageWelcome';
import type { Resource } from './resource';

/** In the order of the screen's tabs. */
export const homepageResources: readonly Resource[] = [
  heroBannerResource,
  welcomeBoxResource,
  selectedOfferResource,
  dontMissOutResource,
];
