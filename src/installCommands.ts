// Every command family, registered once when the signed-in app starts: the app's own, the
// list keys, records, "Go to …" for every screen, and each screen's commands (fetched with
// the shell). The duplicate-shortcut test reads exactly this set.
import { listCommands } from './commands/list';
import { appCommands, navigationCommands } from './commands/navigation';
import { recordCommands } from './commands/records';
import { register } from './commands/registry';
import type { Command } from './commands/types';
import { screens } from './screens';

let installing: Promise<void> | null = null;

/** Every command of the app (for tests: the real set). */
export async function allAppCommands(): Promise<Command[]> {
  const perScreen = await Promise.all(screens.map((s) => s.commands?.() ?? Promise.resolve([])));
  return [...navigationCommands(screens), ...appCommands, ...listCommands, ...recordCommands, ...perScreen.flat()];
}

export function installCommands(): Promise<void> {
  installing ??= allAppCommands().then((all) => void register(...all));
  return installing;
}
