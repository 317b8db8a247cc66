// The command: one description of an action, read by the palette, the hotkeys,
// the buttons and the cheat sheet, so an action is written once.

import type { Permission } from '@contract/roles';
import type { ActiveList, Mode } from '../store/listModel';
import type { Needs } from '../store/role';

export type { Mode };

/**
 * Where a command applies. 'global': everywhere once signed in. `view:<name>`: while
 * that screen is shown. 'list': while a list screen is shown (j/k, x, Escape…).
 */
export type Scope = 'global' | `view:${string}` | 'list';

export interface Ctx {
  scopes: Scope[];
  view: string | null;
  mode: Mode | null;
  /** The highlighted row of the active list (the cursor), with the resource it belongs to. */
  cursor: { resource: string; id: number } | null;
  /** The active list's model: its cursor, selection and URL (src/store/listModel.ts). */
  list: ActiveList | null;
}

/** One row of a picker; `value` is the argument its command runs with. */
export interface PickItem<A = unknown> {
  /** Unique within one answer. */
  key: string;
  label: string;
  hint?: string;
  value: A;
}

/** A nested palette page asking for the command's argument. */
export interface Picker<A = unknown> {
  placeholder: string;
  /** Search records (debounced and cancelled by the palette). */
  load(search: string, signal: AbortSignal): Promise<PickItem<A>[]>;
  /** The argument the context already implies (the highlighted record); then no page is needed. */
  fromContext?(ctx: Ctx): A | undefined;
}

/**
 * A command taking an argument of type A (its picker's values, a button's `arg`, a form's
 * data). `Command` alone takes whatever it is given (most take nothing). The registry keeps
 * every command as a `Command` (a `Command<A>` is one: `run` is a method, compared both ways),
 * and `runCommand(id, …)` hands the argument on unchecked: a command whose argument can come
 * from anywhere (the palette, a button, a key) types it as a union or checks it (opCommand.ts's
 * pickedId, runner.ts's subjectOf) rather than casting it.
 */
export interface Command<A = unknown> {
  id: string;
  title: string;
  group: string;
  /**
   * The words people say for it, beside its title ('rollback', 'add', 'push'): the palette
   * matches them nearly as well as the title, and the cheat sheet shows them.
   */
  aliases?: readonly string[];
  /** Words that may find it too, weaker than aliases (what it touches, what it is like). */
  keywords?: string[];
  /** One string, bound and displayed: 'mod+k', 'g b', 'e', '?', 'mod+backspace, #'. */
  shortcut?: string;
  scope: Scope;
  enabled?(ctx: Ctx): boolean;
  /**
   * May return a promise: the runner shows a toast for it. Resolving to `{ message }`
   * shows that message; `{ message, undo }` offers Undo in the toast and on mod+z
   * (src/store/undo.ts); resolving to anything else shows nothing (e.g. cancelled).
   */
  run(ctx: Ctx, arg: A): unknown;
  pick?: Picker<A>;
  /**
   * Texts where the product names them: success when the server sends none; failure instead of
   * the generic text; noResponse when the server never answered (the network is down).
   */
  messages?: { success?: string; failure?: string; noResponse?: string };
  /**
   * Acts on the active list's picked rows when some are: its title then ('Delete 4 offers').
   * While rows are picked the palette lists these first, under the count.
   */
  selection?: (picked: number) => string;
  /**
   * The browser's own event runs it, not a key binding: a paste (mod+v) brings the clipboard's
   * text in its `paste` event only, which binding the key would cancel. The shortcut is shown
   * (cheat sheet, palette) and counted by the clash test, but not bound (Hotkeys.tsx).
   */
  nativeKey?: boolean;
  /** false: not listed in the palette (e.g. it needs form data). */
  palette?: boolean;
  /**
   * Reachable from every screen, not only from its scope: the palette lists it everywhere (the
   * manifest, src/commands/actions.ts, names it before its screen's code is here) and the runner
   * runs it from anywhere; its keys stay bound on its scope only. Its `enabled`, `pick` and `run`
   * must work with the context of any screen: a record it needs is asked for on a palette page
   * when no cursor gives it, and it goes to its screen when the action needs the screen.
   */
  anywhere?: boolean;
  /** The command shows its own progress toast; the runner adds no "working…" one. */
  ownProgress?: boolean;
  /**
   * What it writes with: its operation (`opCommand` fills it) or the permission it needs
   * (../store/role.ts). A command that writes says so; one that only reads or moves leaves it
   * out. The registry lists it only to a role that may (./registry.ts), so the palette, the
   * keys, the cheat sheet and its buttons all leave it out for the others.
   */
  needs?: Needs;
}

/**
 * A command reachable from every screen as the palette lists it before its screen's commands
 * are downloaded: plain words, no code. Choosing it fetches the screen's commands and runs the
 * real one (`id`), which keeps the one definition (src/commands/actions.ts).
 */
export interface Action {
  /** The command it runs, unless `command` names it (an action that names one argument of it). */
  id: string;
  /** The command it runs with `arg`: 'homepage.new' with the tab, as "New welcome box". */
  command?: string;
  arg?: string;
  title: string;
  aliases?: readonly string[];
  group: string;
  /** Shown beside it; bound only on its screen. */
  shortcut?: string;
  /** The screen whose commands define it (an id of src/app/screens.ts). */
  screen: string;
  /** The command's own scope is global (a "Find …"): it ranks with the global ones. */
  global?: boolean;
  /** The permission its command writes with (its `needs`): a role without it is not offered it. */
  permission?: Permission;
}

/** A command whose argument is typed: `defineCommand<CrawlSource>({ …, run: (ctx, source) => … })`. */
export const defineCommand = <A>(command: Command<A>): Command<A> => command;
