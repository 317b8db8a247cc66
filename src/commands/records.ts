// Records found by the palette (GET /admin/v1/search): where each type opens, and the
// records opened recently. Opening goes through two hidden commands, so it runs like
// everything else (runCommand) and a hotkey or a button could open a record the same way.
import type { SearchHit } from '@contract/search';
import type { ListRoutes } from '@/store/listModel';
import { onTouched } from '../api/call';
import { go } from '../store/navigate';
import { storage } from '@/lib/storage';
import type { Command } from './types';

/** What a record needs of the screen listing its type (src/screens/screenEntry.ts). */
interface RecordScreen {
  /** The contract resource the screen lists: a hit's `type`. */
  resource?: string;
  routes?: Readonly<Pick<ListRoutes, 'list' | 'view' | 'edit'>>;
}

/** Per type, the URLs of the screen listing it: set by the shell from the screens (src/app/screens.ts). */
let routesOf = new Map<string, Readonly<Pick<ListRoutes, 'list' | 'view' | 'edit'>>>();
export const setRecordScreens = (screens: readonly RecordScreen[]) => {
  routesOf = new Map(screens.flatMap((s) => (s.resource && s.routes ? [[s.resource, s.routes] as const] : [])));
};

type RecordRef = Pick<SearchHit, 'type' | 'id' | 'title'>;

/**
 * The app path that opens a record: its view (or edit) route when the app has one,
 * else the view route for an edit, else its list searched by the record's title.
 */
export function recordPath(hit: RecordRef, mode: 'view' | 'edit', hasRoute: (pattern: string) => boolean): string {
  const p = routesOf.get(hit.type);
  if (!p) return '/';
  const pattern = [...(mode === 'edit' ? [p.edit] : []), p.view].find(hasRoute);
  if (pattern) return pattern.replace(':id', String(hit.id));
  return `${p.list}?query=${encodeURIComponent(hit.title)}`;
}

// ---- recently opened ----

const KEY = 'recentRecords';
export const MAX_RECENT_RECORDS = 10;

const isHit = (v: unknown): v is SearchHit => {
  const h = v as SearchHit | null;
  return (
    !!h &&
    typeof h === 'object' &&
    routesOf.has(h.type) &&
    Number.isInteger(h.id) &&
    typeof h.title === 'string' &&
    typeof h.subtitle === 'string'
  );
};

export function recentRecords(): SearchHit[] {
  try {
    const v = JSON.parse(storage.get(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter(isHit) : [];
  } catch {
    return [];
  }
}

export function rememberRecord(hit: SearchHit): void {
  const { type, id, title, subtitle } = hit;
  const rest = recentRecords().filter((r) => !(r.type === type && r.id === id));
  storage.set(KEY, JSON.stringify([{ type, id, title, subtitle }, ...rest].slice(0, MAX_RECENT_RECORDS)));
}

/** How a record's title reads in the palette, as its resource's `search.title` makes it (contract/). */
const titleOf = (type: string, r: Record<string, unknown>): unknown =>
  type === 'outlet' ? (r.branch ? `${r.merchant_name} — ${r.branch}` : r.merchant_name) : (r.name ?? r.title);

/** A recently opened record was renamed or deleted: the palette shows what is true now. */
function refreshRecent(type: string, record: Record<string, unknown>, deleted: boolean): void {
  const recents = recentRecords();
  const at = recents.findIndex((r) => r.type === type && r.id === record.id);
  if (at < 0) return;
  const title = titleOf(type, record);
  if (deleted) recents.splice(at, 1);
  else if (typeof title === 'string') recents[at] = { ...recents[at], title };
  storage.set(KEY, JSON.stringify(recents));
}

onTouched((_touched, op, output) => {
  const record = (output as { data?: unknown } | null)?.data as Record<string, unknown> | undefined;
  if (op.resource && record && typeof record === 'object' && typeof record.id === 'number')
    refreshRecent(op.resource, record, op.method === 'DELETE');
});

// ---- the commands ----

/** Set by the shell: which route patterns exist (the route table is not imported here). */
let hasRoute: (pattern: string) => boolean = () => true;
export const setRouteCheck = (fn: (pattern: string) => boolean) => {
  hasRoute = fn;
};

const open = (mode: 'view' | 'edit') => (_ctx: unknown, hit: SearchHit) => {
  rememberRecord(hit);
  go(recordPath(hit, mode, hasRoute));
};

export const recordCommands: Command[] = [
  { id: 'record.open', title: 'Open record', group: 'Records', scope: 'global', palette: false, run: open('view') },
  { id: 'record.edit', title: 'Edit record', group: 'Records', scope: 'global', palette: false, run: open('edit') },
];
