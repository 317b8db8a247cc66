// Every command family, registered when the signed-in app starts, in two steps. With the
// shell: the app's own, the list keys, records, saved views and "Go to …" for every screen
// (small, and what the dashboard's keys and links need). After it: the table's cell keys
// (commands/cellCommands.ts, which bring the cell model), each screen's commands and
// a command for every operation that asks for one (contract/operation.ts `command`); they
// bring the stores and the contract of every screen (TypeBox schemas included), several times
// the shell's own code, so they are fetched when the browser is idle once the shell shows, or
// at once when a screen that has commands opens (src/app/screenRoutes.ts) or the palette or the cheat
// sheet does (commands/registry.ts `registerLaterCommands`). Before they arrive the palette
// lists the actions reachable from every screen by the manifest's words (commands/actions.ts),
// and choosing one fetches its screen's commands alone. The duplicate-shortcut test reads
// exactly the whole set.
import { listCommands } from '@/commands/list';
import { viewCommands, viewRows } from '@/features/savedViews/viewCommands';
import { appCommands, navigationCommands } from '@/commands/navigation';
import { recordCommands, setRecordScreens, setRouteCheck } from '@/commands/records';
import { protectedRoutes } from './screenRoutes';
import { manifest } from '@/commands/actions';
import { register, registerLaterCommands, setActions, setLaterCommands, setScopeTitle } from '@/commands/registry';
import type { Command } from '@/commands/types';
import { loadCoach } from '@/commands/runner';
import { screens } from './screens';
import { setLeaveAsker } from '@/store/leaveGuard';
import { confirm } from '@/ui/confirmStore';
import { whenIdle } from '@/ui/later';
import { loadToasts } from '@/ui/toast';

let installing: Promise<void> | null = null;
let installingLater: Promise<void> | null = null;

/** The shell's own commands. */
const shellCommands = (): Command[] => [
  ...navigationCommands(screens),
  ...appCommands,
  ...listCommands,
  ...viewCommands,
  ...recordCommands,
];

/** Each screen's commands and the operations' own. */
async function laterCommands(): Promise<Command[]> {
  const [{ operations }, { derivedCommands }, { cellCommands }, ...perScreen] = await Promise.all([
    import('@contract/operations'),
    import('@/commands/opCommand'),
    import('@/commands/cellCommands'),
    ...screens.map((s) => s.commands?.() ?? Promise.resolve([])),
  ]);
  // The shortcut coach rides along: a hint can wait for the browser's idle time.
  await loadCoach();
  const views = screens.flatMap((s) => (s.resource ? [{ resource: s.resource, view: s.id }] : []));
  return [...derivedCommands(operations, views), ...cellCommands, ...perScreen.flat()];
}

/** Every command of the app (for tests: the real set). */
export async function allAppCommands(): Promise<Command[]> {
  return [...shellCommands(), ...(await laterCommands())];
}

/** One screen's commands, now: an action of the palette's manifest (src/commands/actions.ts) was chosen. */
async function installScreenCommands(id: string): Promise<void> {
  const list = await screens.find((s) => s.id === id)?.commands?.();
  if (list) register(...list);
}

/** The shell's commands, registered before it shows; the rest follow when the browser is idle. */
export function installCommands(): Promise<void> {
  // Records open in whichever screen the route table has for them (else their list, searched).
  setRouteCheck((pattern) => protectedRoutes.some((r) => r.path === pattern));
  setRecordScreens(screens);
  for (const s of screens) setScopeTitle(`view:${s.id}`, s.title);
  setLeaveAsker(() =>
    confirm({
      title: 'Discard unsaved changes?',
      body: 'What you typed in this form has not been saved.',
      confirmLabel: 'Discard changes',
      danger: true,
    }),
  );
  setLaterCommands(installLaterCommands);
  setActions(manifest(screens), installScreenCommands);
  installing ??= Promise.resolve().then(() => {
    register(...shellCommands());
    viewRows();
    whenIdle(() => {
      void registerLaterCommands();
      // The first toast of the session then shows without waiting for sonner (src/ui/toast.tsx).
      void loadToasts();
    });
  });
  return installing;
}

/** Every screen's commands and the operations' own, registered once (a failed download is tried again next time). */
export function installLaterCommands(): Promise<void> {
  installingLater ??= laterCommands().then(
    (list) => void register(...list),
    (e: unknown) => {
      installingLater = null;
      throw e;
    },
  );
  return installingLater;
}
