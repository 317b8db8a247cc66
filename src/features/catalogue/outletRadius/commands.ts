import { resourceCommands } from '@/commands/resourceCommands';
import { outletRadiusScreen } from './screen';

export const outletRadiusCommands = resourceCommands(outletRadiusScreen);
