import { resourceCommands } from '@/commands/resourceCommands';
import { networkScreen } from './screen';

export const networkCommands = resourceCommands(networkScreen);
