// Offers, wired once: contract → client → store → routes. The commands and the screen read this.
import { offerResource, type Offer } from '../../../../contract/offer';
import { resourceClient } from '../../../api/resourceClient';
import { resourceStore } from '../../../store/resourceStore';
import type { ResourceScreen } from '../../../commands/resourceCommands';
import { offerRoutes } from './paths';

export const offers = resourceStore<Offer>(resourceClient<Offer>(offerResource));

export const offerScreen: ResourceScreen<Offer> = {
  view: 'offers',
  resource: offerResource,
  store: offers,
  routes: offerRoutes,
  describe: (o) => ({ label: o.title, hint: [o.discount, o.bank_names.join(', ')].filter(Boolean).join(' · ') }),
};
