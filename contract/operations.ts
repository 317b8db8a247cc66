// Every call of the product. The server registers exactly these (server/app.ts), the OpenAPI
// document and contract/api.md list exactly these, and a test fails when one has no handler
// (tests/api/app.test.ts).
//
// Collected, not listed: every operation an area module exports (a `defineOp`, a resource's
// derived calls, or a list of either) is one, so a new call is its `defineOp` in its area's
// module and its handler in server/routes, nothing more. A new area is one line in `areas`.
// In the order of the areas, each module's exports by name.
import * as audit from './audit';
import * as auth from './auth';
import * as bank from './bank';
import * as card from './card';
import * as category from './category';
import * as city from './city';
import * as cms from './cms';
import * as contact from './contact';
import * as crawlCards from './crawlCards';
import * as crawlOffers from './crawlOffers';
import * as crawlOutlets from './crawlOutlets';
import * as crawlOverviews from './crawlOverviews';
import * as crawlSources from './crawlSources';
import * as crawlTriage from './crawlTriage';
import * as csvImport from './csvImport';
import * as dashboard from './dashboard';
import * as engagement from './engagement';
import * as events from './events';
import * as feedback from './feedback';
import * as health from './health';
import * as homepageBanners from './homepageBanners';
import * as homepageSelected from './homepageSelected';
import * as homepageWelcome from './homepageWelcome';
import * as network from './network';
import * as notification from './notification';
import * as offer from './offer';
import type { AnyOp } from './operation';
import * as outlet from './outlet';
import * as outletRadius from './outletRadius';
import * as presence from './presence';
import type { Resource } from './resource';
import * as resources from './resources';
import * as savedView from './savedView';
import * as search from './search';
import * as settings from './settings';
import * as user from './user';

/** The modules whose exported operations are the product's calls. */
const areas: readonly Readonly<Record<string, unknown>>[] = [
  auth,
  dashboard,
  resources,
  user,
  bank,
  category,
  network,
  outlet,
  outletRadius,
  card,
  offer,
  city,
  contact,
  feedback,
  csvImport,
  search,
  crawlSources,
  crawlCards,
  crawlOutlets,
  crawlOffers,
  crawlTriage,
  crawlOverviews,
  homepageBanners,
  homepageWelcome,
  homepageSelected,
  cms,
  notification,
  settings,
  engagement,
  audit,
  health,
  savedView,
  events,
  presence,
];

const isOp = (v: unknown): v is AnyOp =>
  typeof v === 'object' &&
  v !== null &&
  'id' in v &&
  typeof v.id === 'string' &&
  'path' in v &&
  typeof v.path === 'string';
const isResource = (v: unknown): v is Resource =>
  typeof v === 'object' && v !== null && 'storage' in v && 'ops' in v && typeof v.ops === 'object';

/** The operations one exported value is: itself, a resource's calls, or those of each in a list. */
const opsOf = (v: unknown): AnyOp[] =>
  isOp(v) ? [v] : isResource(v) ? Object.values(v.ops).filter(isOp) : Array.isArray(v) ? v.flatMap(opsOf) : [];

/** Each once, though a module may export one under two names (an alias) or in a list too. */
export const operations: readonly AnyOp[] = [
  ...new Set(
    areas.flatMap((m) =>
      // By name, sorted here: runtimes differ in the order they list a module's exports.
      Object.keys(m)
        .sort()
        .flatMap((name) => opsOf(m[name])),
    ),
  ),
];
