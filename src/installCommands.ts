// Every command family, registered once when the signed-in app starts: the app's own, the
// list keys, records, "Go to …" for every screen, a command for every operation that asks
// for one (contract/operation.ts `command`), and each screen's commands (fetched with the
// shell). The duplicate-shortcut test reads exactly this set.
import { operations } from '../contract/operations';
import { listCommands } from './commands/list';
import { viewCommands } from './commands/viewCommands';
import { derivedCommands } from './commands/opCommand';
import { appCommands, navigationCommands } from './commands/navigation';
import { recordCommands, setRouteCheck } from './commands/records';
import { protectedRoutes } from './routes';
import { register, setScopeTitle } from './commands/registry';
import type { Command } from './commands/types';
import { screens } from './screens';
import { setLeaveAsker } from './store/leaveGuard';
import { confirm } from './ui/confirmStore';

let installing: Promise<void> | null = null;

/** Every command of the app (for tests: the real set). */
export async function allAppCommands(): Promise<Command[]> {
  const perScreen = await Promise.all(screens.map((s) => s.commands?.() ?? Promise.resolve([])));
  const views = screens.flatMap((s) => (s.resource ? [{ resource: s.resource, view: s.id }] : []));
  return [...navigationCommands(screens), ...appCommands, ...listCommands, ...viewCommands, ...recordCommands, ...derivedCommands(operations, views), ...perScreen.flat()];
}

export function installCommands(): Promise<void> {
  // Records open in whichever screen the route table has for them (else their list, searched).
  setRouteCheck((pattern) => protectedRoutes.some((r) => r.path === pattern));
  for (const s of screens) setScopeTitle(`view:${s.id}`, s.title);
  setLeaveAsker(() =>
    confirm({ title: 'Discard unsaved changes?', body: 'What you typed in this form has not been saved.', confirmLabel: 'Discard changes', danger: true }),
  );
  installing ??= allAppCommands().then((all) => void register(...all));
  return installing;
}
