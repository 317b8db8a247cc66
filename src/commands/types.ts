// The command: one description of an action, read by the palette, the hotkeys,
// the buttons and the cheat sheet, so an action is written once.

import type { ActiveList, Mode } from '../store/listModel';

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

export interface PickItem {
  /** Unique within one answer. */
  key: string;
  label: string;
  hint?: string;
  value: unknown;
}

/** A nested palette page asking for the command's argument. */
export interface Picker {
  placeholder: string;
  /** Search records (debounced and cancelled by the palette). */
  load(search: string, signal: AbortSignal): Promise<PickItem[]>;
  /** The argument the context already implies (the highlighted record); then no page is needed. */
  fromContext?(ctx: Ctx): unknown;
}

export interface Command {
  id: string;
  title: string;
  group: string;
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
  run(ctx: Ctx, arg?: unknown): unknown;
  pick?: Picker;
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
  /** The command shows its own progress toast; the runner adds no "working…" one. */
  ownProgress?: boolean;
}
