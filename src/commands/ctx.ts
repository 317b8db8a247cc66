// The context a command runs in, read from the ui store at the moment it runs.
import { snapshot } from 'valtio';
import { ui } from '../store/ui';
import { confirmState } from '../ui/confirmStore';
import type { Ctx, Scope } from './types';

export function currentCtx(): Ctx {
  const s = snapshot(ui);
  const scopes: Scope[] = ['global'];
  if (s.view) scopes.push(`view:${s.view}`);
  if (s.list) scopes.push('selection');
  return {
    scopes,
    view: s.view,
    mode: s.mode,
    selection: s.selection ? { ...s.selection } : null,
    list: ui.list,
  };
}

/** A dialog has the keyboard: page hotkeys stay quiet (except the palette toggle). */
export const overlayOpen = () => ui.paletteOpen || ui.cheatSheetOpen || confirmState.open;
