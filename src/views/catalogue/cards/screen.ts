// Cards, wired once: contract → client → store → routes. The commands and the screen read this.
import { cardResource, type Card } from '../../../../contract/card';
import { resourceClient } from '../../../api/resourceClient';
import { resourceStore } from '../../../store/resourceStore';
import type { ResourceScreen } from '../../../commands/resourceCommands';
import { cardRoutes } from './paths';

export const cards = resourceStore<Card>(resourceClient<Card>(cardResource));

export const cardScreen: ResourceScreen<Card> = {
  view: 'cards',
  resource: cardResource,
  store: cards,
  routes: cardRoutes,
  describe: (c) => ({ label: c.name, hint: `${c.bank_name} · ${c.network_type}` }),
  sorts: [
    { value: 'name', label: 'Name ↑' },
    { value: '-name', label: 'Name ↓' },
    { value: 'bank_name', label: 'Bank ↑' },
    { value: '-bank_name', label: 'Bank ↓' },
    { value: 'annual_fee', label: 'Annual fee ↑' },
    { value: '-annual_fee', label: 'Annual fee ↓' },
    { value: '-created_at', label: 'Newest first' },
    { value: 'created_at', label: 'Oldest first' },
  ],
};
