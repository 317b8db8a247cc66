// Cards, wired once: contract → store → list model → routes. The commands and the screen read this.
import { cardResource, type Card } from '../../../../contract/card';
import { resourceScreen } from '../../../commands/resourceScreen';
import { cardRoutes } from './entry';

export const cardScreen = resourceScreen<Card>({
  view: 'cards',
  resource: cardResource,
  routes: cardRoutes,
  describe: (c) => ({ label: c.name, hint: `${c.bank_name} · ${c.network_type}` }),
  sortLabels: { bank_name: 'Bank' },
});

export const cards = cardScreen.store;
