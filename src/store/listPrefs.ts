// How each admin likes each list's table: which columns are hidden or added, and the row
// density. Kept per admin and per screen in local storage ('list:<user id>:<view>'), so two
// people sharing a browser keep their own.
import { proxy } from 'valtio';
import { session } from './session';
import { storage } from '@/lib/storage';

type Density = 'dense' | 'comfortable';

export interface ListPrefs {
  /** Columns shown against the screen's default: key → shown. Unlisted keys follow the default. */
  shown: Record<string, boolean>;
  density: Density;
}

const loaded = proxy<Record<string, ListPrefs>>({});

const keyOf = (view: string) => `list:${session.user_id ?? 'anyone'}:${view}`;

/** The list's prefs (a valtio proxy: read a snapshot of it in render). */
export function listPrefs(view: string): ListPrefs {
  const key = keyOf(view);
  if (!loaded[key]) loaded[key] = read(key);
  return loaded[key];
}

/** Show or hide a column; `byDefault` is whether the screen shows it when nobody chose. */
export function setColumnShown(view: string, column: string, shown: boolean, byDefault: boolean): void {
  const prefs = listPrefs(view);
  if (shown === byDefault) delete prefs.shown[column];
  else prefs.shown[column] = shown;
  save(view);
}

export function setDensity(view: string, density: Density): void {
  listPrefs(view).density = density;
  save(view);
}

/** Takes prefs kept elsewhere (a saved view's). */
export function applyListPrefs(view: string, prefs: ListPrefs): void {
  Object.assign(listPrefs(view), {
    shown: { ...prefs.shown },
    density: prefs.density === 'comfortable' ? 'comfortable' : 'dense',
  });
  save(view);
}

/** Back to the screen's own columns and the dense rows. */
export function resetListPrefs(view: string): void {
  Object.assign(listPrefs(view), { shown: {}, density: 'dense' });
  save(view);
}

export const isShown = (prefs: Pick<ListPrefs, 'shown'>, column: string, byDefault: boolean) =>
  prefs.shown[column] ?? byDefault;

function save(view: string) {
  const { shown, density } = listPrefs(view);
  storage.set(keyOf(view), JSON.stringify({ shown, density }));
}

function read(key: string): ListPrefs {
  try {
    const raw = JSON.parse(storage.get(key) ?? '{}') as Partial<ListPrefs>;
    const shown = Object.fromEntries(Object.entries(raw.shown ?? {}).filter(([, v]) => typeof v === 'boolean'));
    return { shown, density: raw.density === 'comfortable' ? 'comfortable' : 'dense' };
  } catch {
    return { shown: {}, density: 'dense' }; // a damaged entry: the defaults
  }
}
