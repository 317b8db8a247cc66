// Banks, wired once: contract → client → store → routes. The commands and the screen read this.
import { bankResource, type Bank } from '../../../../contract/bank';
import { resourceClient } from '../../../api/resourceClient';
import { resourceStore } from '../../../store/resourceStore';
import type { ResourceScreen } from '../../../commands/resourceCommands';
import { bankRoutes } from './paths';

export const banks = resourceStore<Bank>(resourceClient<Bank>(bankResource));

export const bankScreen: ResourceScreen<Bank> = {
  view: 'banks',
  resource: bankResource,
  store: banks,
  routes: bankRoutes,
  describe: (b) => ({ label: b.name, hint: b.code }),
};
