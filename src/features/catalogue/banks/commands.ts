import { resourceCommands } from '@/commands/resourceCommands';
import { bankScreen } from './screen';

export const bankCommands = resourceCommands(bankScreen);
