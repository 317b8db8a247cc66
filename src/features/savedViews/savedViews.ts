// Saved views: a list as someone likes to come back to it ("ADCB's live offers, by end
// date"), named, with its search, filters and sort (the list's URL) and its table's columns
// and rows. Kept on the server (contract/savedView.ts): each staff member's own, private or
// shared with the team, and opened from the palette (src/features/savedViews/viewCommands.ts). This store
// holds the signed-in admin's and the shared ones, loaded after sign-in (src/app/Shell.tsx)
// and again when someone else changes one (the live stream, src/api/events.ts).
//
// Views saved before lived in this browser's local storage ('views:<user id>'): the first load
// uploads them as private views and then forgets them here, so none is lost.
import { proxy, ref } from 'valtio';
import { savedViewsApi, type SavedView } from './savedViewsApi';
import { applyListPrefs, listPrefs, type ListPrefs } from '@/store/listPrefs';
import { session } from '@/store/session';
import { whenStale } from '@/store/touched';
import { storage } from '@/lib/storage';

export type { SavedView };

/** What a list shows, as its URL search: search, filters, sort. */
export interface ListArgs {
  query: string;
  filters: Readonly<Record<string, string>>;
  sort: string;
}

export const savedViewsState = proxy({
  status: 'idle' as 'idle' | 'loading' | 'succeeded' | 'failed',
  /** `ref`: replaced whole on every change. Mine first in the order saved, then the shared ones. */
  items: ref([] as SavedView[]),
  /** Whose views these are (a sign-in as someone else loads theirs). */
  owner: null as number | null,
});

/** Mine and the ones others share with the team, as last loaded. */
export const savedViews = (): SavedView[] => savedViewsState.items;

/** The signed-in admin's own (the ones they may share, rename or delete). */
export const myViews = (): SavedView[] => savedViewsState.items.filter((v) => v.mine);

const set = (items: SavedView[]) => void (savedViewsState.items = ref(items));

/** Takes the server's copy of one view in place of ours (or adds it). */
function put(saved: SavedView) {
  const at = savedViewsState.items.findIndex((v) => v.id === saved.id);
  set(at < 0 ? [...savedViewsState.items, saved] : savedViewsState.items.map((v, i) => (i === at ? saved : v)));
}

/**
 * Saves the list as it is now under `name`, privately unless `shared` (my view of that name on
 * that screen, whatever its case, is replaced and keeps its sharing).
 */
export async function saveView(
  name: string,
  view: string,
  path: string,
  args: ListArgs,
  shared?: boolean,
): Promise<SavedView> {
  const prefs = JSON.parse(JSON.stringify(listPrefs(view))) as ListPrefs;
  const saved = await savedViewsApi.save({ name: name.trim(), view, path, search: searchOf(args), prefs, shared });
  put(saved);
  return saved;
}

/** Shares one of my views with the team, or makes it private again. */
export async function shareView(target: Pick<SavedView, 'id'>, shared: boolean): Promise<SavedView> {
  const saved = await savedViewsApi.update(target.id, { shared });
  put(saved);
  return saved;
}

export async function deleteView(target: Pick<SavedView, 'id'>): Promise<void> {
  await savedViewsApi.remove(target.id);
  set(savedViewsState.items.filter((v) => v.id !== target.id));
}

/** The path that opens a saved view; its columns and rows are applied first. */
export function openView(v: Pick<SavedView, 'view' | 'path' | 'search' | 'prefs'>): string {
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

let loads = 0;

/**
 * Reads the views from the server (first uploading any this browser still keeps locally). A
 * failure leaves the last list and says `failed`; the palette then offers what it has.
 */
export async function loadSavedViews(): Promise<void> {
  const mine = ++loads;
  const owner = session.user_id;
  savedViewsState.status = 'loading';
  try {
    let items = await savedViewsApi.list();
    if (await uploadLocalViews(items)) items = await savedViewsApi.list();
    if (mine !== loads) return; // a newer load (or a sign-out) took over
    Object.assign(savedViewsState, { owner, status: 'succeeded' });
    set(items);
  } catch {
    if (mine === loads) savedViewsState.status = 'failed';
  }
}

/**
 * Loads the signed-in admin's views now and again whenever someone else changes one; the
 * returned function stops that and forgets them (sign-out, another account).
 */
export function startSavedViews(): () => void {
  void loadSavedViews();
  // Our own calls put their answers in place; someone else's change is read afresh.
  const stop = whenStale({ name: 'savedView' }, () => void loadSavedViews(), { skipOwn: true });
  return () => {
    stop();
    loads++;
    Object.assign(savedViewsState, { status: 'idle', owner: null });
    set([]);
  };
}

// ---- Views kept in local storage before they moved to the server ----

const localKey = () => `views:${session.user_id ?? 'anyone'}`;

/** What local storage kept: name, screen, path, search and prefs, in the order saved. */
type LocalView = Pick<SavedView, 'name' | 'view' | 'path' | 'search' | 'prefs'>;

/** The views this browser kept locally for the signed-in admin (damaged entries left out). */
export function localViews(): LocalView[] {
  try {
    const raw = JSON.parse(storage.get(localKey()) ?? '[]') as unknown;
    if (!Array.isArray(raw)) return [];
    return raw.filter(
      (v): v is LocalView =>
        !!v &&
        typeof v.name === 'string' &&
        !!v.name.trim() &&
        typeof v.view === 'string' &&
        typeof v.path === 'string' &&
        typeof v.search === 'string' &&
        !!v.prefs,
    );
  } catch {
    return [];
  }
}

/**
 * Uploads the locally kept views as private ones, then removes them from local storage. One
 * the server has already (same screen, name and address: uploaded from another tab) is not
 * sent again; one whose name is taken by a different view comes in as "Name (2)". A failure
 * keeps local storage as it is, to try again next load. Returns whether it uploaded any.
 */
async function uploadLocalViews(server: readonly SavedView[]): Promise<boolean> {
  const local = localViews();
  if (!local.length) {
    if (storage.get(localKey()) !== null) storage.remove(localKey()); // damaged or empty: nothing to keep
    return false;
  }
  const have = server.filter((v) => v.mine);
  const taken = (view: string, name: string) =>
    have.find((v) => v.view === view && v.name.toLowerCase() === name.toLowerCase());
  let sent = false;
  for (const v of local) {
    const same = taken(v.view, v.name);
    if (same && same.path === v.path && same.search === v.search) continue;
    let name = v.name.trim();
    for (let n = 2; taken(v.view, name); n++) name = `${v.name.trim()} (${n})`;
    const prefs = { shown: { ...v.prefs.shown }, density: v.prefs.density === 'comfortable' ? 'comfortable' : 'dense' };
    have.push(
      await savedViewsApi.save({ name, view: v.view, path: v.path, search: v.search, prefs: prefs as ListPrefs }),
    );
    sent = true;
  }
  storage.remove(localKey());
  return sent;
}
