// What the screen is showing right now: overlays, the active view and its list cursor,
// and the theme. Commands read it to know their context.
import { proxy, ref } from 'valtio';
import type { ActiveList } from './listModel';
import { storage } from '@/lib/storage';

export type Theme = 'system' | 'light' | 'dark';

export const ui = proxy({
  theme: (storage.get('theme') as Theme | null) ?? 'system',
  paletteOpen: false,
  /** Id of the command whose pick page the palette shows; null: the root page. */
  palettePage: null as string | null,
  cheatSheetOpen: false,
  /** The sidebar as a drawer over the page (phone widths). */
  navOpen: false,
  /** The modal dialog a screen has open (src/ui/Modal.tsx), if any: page hotkeys stay quiet meanwhile. */
  dialog: null as string | null,
  view: null as string | null,
  /** The active list screen's model, and the resource its rows are. */
  list: null as ActiveList | null,
  listResource: null as string | null,
});

export function openPalette(page: string | null = null) {
  ui.palettePage = page;
  ui.paletteOpen = true;
}

export function closePalette() {
  ui.paletteOpen = false;
  ui.palettePage = null;
}

function setTheme(theme: Theme) {
  ui.theme = theme;
  storage.set('theme', theme);
  applyTheme();
}

/** A phone's width (the media query of SplitPane.css and Shell.css): the list and the open record take turns. */
const PHONE_QUERY = '(max-width: 640px)';
export const isPhone = () => typeof matchMedia !== 'undefined' && matchMedia(PHONE_QUERY).matches;

const systemDark = () => typeof matchMedia !== 'undefined' && matchMedia('(prefers-color-scheme: dark)').matches;

export const effectiveTheme = (theme: Theme = ui.theme): 'light' | 'dark' =>
  theme === 'system' ? (systemDark() ? 'dark' : 'light') : theme;

/** Flip what is on screen; the choice then sticks instead of following the system. */
export const toggleTheme = () => setTheme(effectiveTheme() === 'dark' ? 'light' : 'dark');

/**
 * The stylesheet knows one dark palette, keyed on `data-theme`; the attribute always holds
 * the theme in effect (index.html sets it before the first paint), and follows the system
 * while the choice is 'system'.
 */
export function applyTheme() {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = effectiveTheme();
}
if (typeof matchMedia !== 'undefined')
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => ui.theme === 'system' && applyTheme());

/** A screen announces itself (a list screen with its model) while it is mounted. */
export function setActiveView(view: string | null, list: { model: ActiveList; resource: string } | null = null) {
  ui.view = view;
  ui.list = list ? ref(list.model) : null;
  ui.listResource = list?.resource ?? null;
}
