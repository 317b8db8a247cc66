import { resourceCommands } from '@/commands/resourceCommands';
import { userScreen } from './screen';

export const userCommands = resourceCommands(userScreen);
