// Saved views: a list as someone likes to come back to it ("ADCB's live offers, by end
// date"), named, with its search, filters and sort (the list's URL) and its table's columns
// and rows. Kept per admin in local storage ('views:<user id>'), like the table's own prefs
// (src/store/listPrefs.ts), and opened from the palette (src/commands/viewCommands.ts).
import { applyListPrefs, listPrefs, type ListPrefs } from './listPrefs';
import { session } from './session';
import { storage } from '@/lib/storage';

export interface SavedView {
  name: string;
  /** The screen ('offers') and its list route ('/offer-list'). */
  view: string;
  path: string;
  /** The list's URL search: '?bank=3&state=live&sort=valid_to' ('' for none). */
  search: string;
  prefs: ListPrefs;
}

/** What a list shows, as its URL search: search, filters, sort. */
export interface ListArgs {
  query: string;
  filters: Readonly<Record<string, string>>;
  sort: string;
}

const keyOf = () => `views:${session.user_id ?? 'anyone'}`;

/**
 * The signed-in admin's saved views, in the order saved. Read from storage each time: a few
 * short entries, and a view saved in another tab is there at once.
 */
export const savedViews = (): SavedView[] => read();

/** Saves the list as it is now under `name` (a view of that name on that screen is replaced). */
export function saveView(name: string, view: string, path: string, args: ListArgs): SavedView {
  const saved: SavedView = {
    name: name.trim(),
    view,
    path,
    search: searchOf(args),
    prefs: JSON.parse(JSON.stringify(listPrefs(view))) as ListPrefs,
  };
  const others = savedViews().filter((v) => !(v.view === view && v.name.toLowerCase() === saved.name.toLowerCase()));
  write([...others, saved]);
  return saved;
}

export function deleteView(target: Pick<SavedView, 'view' | 'name'>): void {
  write(savedViews().filter((v) => !(v.view === target.view && v.name === target.name)));
}

/** The path that opens a saved view; its columns and rows are applied first. */
export function openView(v: SavedView): string {
  applyListPrefs(v.view, v.prefs);
  return v.path + v.search;
}

export function searchOf(args: ListArgs): string {
  const params = new URLSearchParams();
  if (args.query) params.set('query', args.query);
  for (const [k, v] of Object.entries(args.filters)) if (v) params.set(k, v);
  if (args.sort) params.set('sort', args.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function write(views: readonly SavedView[]) {
  storage.set(keyOf(), JSON.stringify(views));
}

function read(): SavedView[] {
  try {
    const raw = JSON.parse(storage.get(keyOf()) ?? '[]') as unknown;
    if (!Array.isArray(raw)) return [];
    // A damaged entry is left out rather than breaking the palette.
    return raw.filter(
      (v): v is SavedView =>
        !!v &&
        typeof v.name === 'string' &&
        typeof v.view === 'string' &&
        typeof v.path === 'string' &&
        typeof v.search === 'string' &&
        !!v.prefs,
    );
  } catch {
    return [];
  }
}
