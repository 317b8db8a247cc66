// The context a command runs in, read at the moment it runs: the active screen and, on a
// list screen, its model's mode and cursor.
import { ui } from '../store/ui';
import { confirmState } from '../ui/confirmStore';
import type { Ctx, Scope } from './types';

export function currentCtx(): Ctx {
  const scopes: Scope[] = ['global'];
  if (ui.view) scopes.push(`view:${ui.view}`);
  const list = ui.list;
  if (list) scopes.push('list');
  const cursor = list?.state.cursor ?? null;
  return {
    scopes,
    view: ui.view,
    mode: list ? list.state.route.mode : null,
    cursor: list && cursor !== null ? { resource: ui.listResource ?? '', id: cursor } : null,
    list,
  };
}

/** A dialog has the keyboard: page hotkeys stay quiet (the palette toggle passes, but not over a screen's modal dialog: Hotkeys.tsx). */
export const overlayOpen = () => ui.paletteOpen || ui.cheatSheetOpen || confirmState.open || ui.dialog !== null;
