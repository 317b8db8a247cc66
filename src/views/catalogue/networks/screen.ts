// Card networks, wired once: contract → client → store → routes. Update is PUT JSON {type}.
import { networkResource, type Network } from '../../../../contract/network';
import { resourceClient } from '../../../api/resourceClient';
import { resourceStore } from '../../../store/resourceStore';
import type { ResourceScreen } from '../../../commands/resourceCommands';
import { networkRoutes } from './paths';

export const networks = resourceStore<Network>(resourceClient<Network>(networkResource));

export const networkScreen: ResourceScreen<Network> = {
  view: 'networks',
  resource: networkResource,
  store: networks,
  routes: networkRoutes,
  describe: (n) => ({ label: n.type }),
};
