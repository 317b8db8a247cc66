// Offers, wired once: contract → store → list model → routes. The commands and the screen read this.
import { offerResource, type Offer } from '../../../../contract/offer';
import { resourceScreen } from '../../../commands/resourceScreen';
import { offerRoutes } from './entry';

export const offerScreen = resourceScreen<Offer>({
  view: 'offers',
  resource: offerResource,
  routes: offerRoutes,
  // The product's text for an offer save that got no answer at all.
  updateNoResponse: 'Network error. Please try again.',
  describe: (o) => ({ label: o.title, hint: [o.discount, o.bank_names.join(', ')].filter(Boolean).join(' · ') }),
});

export const offers = offerScreen.store;
