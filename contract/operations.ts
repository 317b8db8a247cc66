// Every call of the product, in the order of its specification. The server registers exactly these
// (server/app.ts), the OpenAPI document and contract/api.md list exactly these, and a test
// fails when one has no handler. A plain CRUD entity is one line in `resources`.
import { authOps } from './auth';
import { bankResource } from './bank';
import { cardOps, cardResource } from './card';
import { categoryResource } from './category';
import { cmsOps } from './cms';
import { contactOps, contactResource } from './contact';
import { crawlOps } from './crawlOps';
import { homepageOps } from './homepage';
import { cityResource } from './city';
import { checkCsvNames, importCsv } from './csvImport';
import { totalCounts } from './dashboard';
import { engagementOps } from './engagement';
import { feedbackResource } from './feedback';
import { networkResource } from './network';
import { notificationOps } from './notification';
import { offerResource } from './offer';
import type { AnyOp } from './operation';
import { outletResource } from './outlet';
import { outletRadiusResource } from './outletRadius';
import type { Resource } from './resource';
import { searchRecords } from './search';
import { settingsOps } from './settings';
import { userResource } from './user';

export const resources: readonly Resource[] = [
  userResource,
  bankResource,
  categoryResource,
  networkResource,
  outletResource,
  outletRadiusResource,
  cardResource,
  offerResource,
  cityResource,
  contactResource,
  feedbackResource,
];

export const operations: readonly AnyOp[] = [
  ...authOps,
  totalCounts,
  ...resources.flatMap((r) => Object.values(r.ops) as AnyOp[]),
  ...cardOps,
  importCsv,
  checkCsvNames,
  searchRecords,
  ...crawlOps,
  ...homepageOps,
  ...cmsOps,
  ...contactOps,
  ...notificationOps,
  ...settingsOps,
  ...engagementOps,
];
