// Banks, wired once: contract → store → list model → routes. The commands and the screen read this.
import { bankResource, type Bank } from '../../../../contract/bank';
import { resourceScreen } from '../../../commands/resourceScreen';
import { bankRoutes } from './entry';

export const bankScreen = resourceScreen<Bank>({
  view: 'banks',
  resource: bankResource,
  routes: bankRoutes,
  describe: (b) => ({ label: b.name, hint: b.code }),
});

export const banks = bankScreen.store;
