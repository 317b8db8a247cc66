// The set of known commands. Plain TypeScript so tests can read the real set.
import { subscribeKey } from 'valtio/utils';
import { allows } from '../store/role';
import { session } from '../store/session';
import { parseShortcut, sequenceId } from '../ui/kbd';
import type { Action, Command, Ctx, Scope } from './types';

const commands = new Map<string, Command>();
const listeners = new Set<() => void>();
let version = 0;

export function register(...list: Command[]): () => void {
  for (const c of list) commands.set(c.id, c);
  changed();
  return () => unregister(...list.map((c) => c.id));
}

export function unregister(...ids: string[]): void {
  for (const id of ids) commands.delete(id);
  changed();
}

function changed() {
  version++;
  listeners.forEach((fn) => fn());
}

/** For useSyncExternalStore: the palette and hotkeys follow (un)registration. */
export const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
export const getVersion = () => version;

/**
 * The one place a role's reach is applied: a command (or an action of the manifest) that writes
 * what the signed-in role may not is not there for it. Everything that lists, binds or shows
 * commands reads them through here (the palette, the keys, the cheat sheet, CommandButton, the
 * runner), so none shows it; the server refuses it anyway (contract/roles.ts is the rule).
 */
const permitted = (c: Pick<Command, 'needs'>): boolean => allows(c.needs);

/** Whether a command of that id is registered but withheld from the signed-in role. */
export const withheld = (id: string): Command | undefined => {
  const c = commands.get(id);
  return c && !permitted(c) ? c : undefined;
};

export const getCommand = (id: string): Command | undefined => {
  const c = commands.get(id);
  return c && permitted(c) ? c : undefined;
};
export const allCommands = () => [...commands.values()].filter(permitted);

// Another account signed in (or the role changed): everything listing commands reads them again.
subscribeKey(session, 'userDetails', () => changed(), true);

/**
 * Commands the signed-in app registers after it shows (every screen's own, and those made from
 * operations: src/app/installCommands.ts), and how to fetch them at once.
 */
let fetchLater: () => Promise<void> = async () => undefined;
export function setLaterCommands(fetch: () => Promise<void>): void {
  fetchLater = fetch;
}
/** Every command, now: the palette and the cheat sheet list them all (they appear as they arrive). */
export const registerLaterCommands = (): Promise<void> => fetchLater().catch(() => undefined); // tried again on the next opening

/**
 * The commands reachable from every screen, as plain words (src/commands/actions.ts), and how
 * to fetch the commands of the screen that defines one: the palette lists them before that code
 * is here, and fetches it when one is chosen.
 */
let actions: readonly Action[] = [];
let loadScreenCommands: (screen: string) => Promise<void> = async () => undefined;

export function setActions(list: readonly Action[], load: (screen: string) => Promise<void>): void {
  actions = list;
  loadScreenCommands = load;
  changed();
}
export const allActions = () =>
  actions.filter((a) => permitted({ needs: a.permission ? { permission: a.permission } : undefined }));

/** The command an action runs, its screen's commands fetched first when they are not here yet. */
export async function actionCommand(action: Action): Promise<Command | undefined> {
  const id = action.command ?? action.id;
  if (!commands.has(id)) await loadScreenCommands(action.screen);
  return getCommand(id);
}

/** Names of view scopes as people read them ('view:outletRadius' → 'Outlet radius'): the screens' titles. */
const scopeTitles = new Map<Scope, string>();

export function setScopeTitle(scope: Scope, title: string): void {
  scopeTitles.set(scope, title);
}

/** A scope as a heading: the cheat sheet's sections. A view with no title set reads its id as words. */
export function scopeTitle(scope: Scope): string {
  if (scope === 'global') return 'Everywhere';
  if (scope === 'list') return 'In lists';
  const view = scope.slice('view:'.length);
  const words = view.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return `On ${scopeTitles.get(scope) ?? words.charAt(0).toUpperCase() + words.slice(1)}`;
}

const inScopes = (c: Command, scopes: readonly Scope[]) => scopes.includes(c.scope);

/** Whether the command may run in this context: in one of its scopes, or one reachable from anywhere. */
export const inReach = (c: Command, ctx: Pick<Ctx, 'scopes'>) => c.anywhere === true || ctx.scopes.includes(c.scope);

/** Commands of the active scopes that are enabled right now. */
export function available(ctx: Ctx): Command[] {
  return allCommands().filter((c) => inScopes(c, ctx.scopes) && (c.enabled?.(ctx) ?? true));
}

/**
 * Two scopes can be active at once when they are equal, one is global, or one is the
 * list keys ('list') and the other a view (every list lives in a view).
 */
export function scopesOverlap(a: Scope, b: Scope): boolean {
  if (a === b || a === 'global' || b === 'global') return true;
  const isView = (s: Scope) => s.startsWith('view:');
  return (a === 'list' && isView(b)) || (b === 'list' && isView(a));
}

/**
 * Shortcut clashes among commands whose scopes can be active together: the same
 * sequence, or one a prefix of the other ('g' would swallow 'g b').
 */
export function findShortcutConflicts(list: Command[]): string[] {
  const bound = list.flatMap((c) =>
    c.shortcut ? parseShortcut(c.shortcut).map((seq) => ({ c, id: sequenceId(seq), chords: seq.length })) : [],
  );
  const problems: string[] = [];
  for (let i = 0; i < bound.length; i++) {
    for (let j = i + 1; j < bound.length; j++) {
      const a = bound[i];
      const b = bound[j];
      if (a.c.id === b.c.id || !scopesOverlap(a.c.scope, b.c.scope)) continue;
      const [short, long] = a.chords <= b.chords ? [a, b] : [b, a];
      if (long.id === short.id || long.id.startsWith(short.id + ' ')) {
        problems.push(`${a.c.id} (${a.c.scope}: ${a.id}) clashes with ${b.c.id} (${b.c.scope}: ${b.id})`);
      }
    }
  }
  return problems;
}
