// Card networks, wired once: contract → store → list model → routes. Update is PUT JSON {type}.
import { networkResource, type Network } from '@contract/network';
import { resourceScreen } from '@/commands/resourceScreen';
import { networkRoutes } from '@/screens/paths';

export const networkScreen = resourceScreen<Network>({
  view: 'networks',
  resource: networkResource,
  routes: networkRoutes,
  describe: (n) => ({ label: n.type }),
});

export const networks = networkScreen.store;
