import { resourceCommands } from '@/commands/resourceCommands';
import { cityScreen } from './screen';

/** Read-only: the factory leaves out Find (no show call), New, Edit and Delete; Export remains. */
export const cityCommands = resourceCommands(cityScreen);
