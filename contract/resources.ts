// Every CRUD resource of the product (contract/resource.ts), in the order of its specification:
// its five calls and the bulk ones are derived from each (contract/operations.ts lists them),
// and so are the palette's record search (`search`, contract/search.ts) and the dashboard's
// counts (`dashboard`, contract/dashboard.ts). A plain CRUD entity is one line here.
import { bankResource } from './bank';
import { cardResource } from './card';
import { categoryResource } from './category';
import { cityResource } from './city';
import { contactResource } from './contact';
import { feedbackResource } from './feedback';
import { networkResource } from './network';
import { offerResource } from './offer';
import { outletResource } from './outlet';
import { outletRadiusResource } from './outletRadius';
import type { Resource } from './resource';
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
