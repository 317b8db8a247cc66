import { resourceCommands } from '@/commands/resourceCommands';
import { categoryScreen } from './screen';

export const categoryCommands = resourceCommands(categoryScreen);
