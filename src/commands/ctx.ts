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

/**
 * Who has the keys, the topmost first: a modal dialog (a screen's, src/ui/Modal.tsx, or a
 * confirm), the palette, the cheat sheet, else the page (its view's and its list's commands).
 * Hotkeys.tsx binds each layer's keys on a react-hotkeys-hook scope of that name.
 */
export const KEY_LAYERS = ['dialog', 'palette', 'sheet', 'page'] as const;
export type KeyLayer = (typeof KEY_LAYERS)[number];

export const keyLayer = (): KeyLayer =>
  ui.dialog !== null || confirmState.open
    ? 'dialog'
    : ui.paletteOpen
      ? 'palette'
      : ui.cheatSheetOpen
        ? 'sheet'
        : 'page';
