// What the app knows of a screen before its code is downloaded: its routes, its place in
// the sidebar, and how to fetch its page and its commands. Each screen folder exports one
// (entry.ts), and src/app/screens.ts lists them. No heavy imports here: the sign-in page's
// route table reads every entry.
import type { ComponentType } from 'react';
import { RESOURCE_WORDS, type ResourceName } from '@contract/resourceWords';
import type { ResourceScreen } from '@/commands/resourceScreen';
import type { Command } from '@/commands/types';
import type { ListRoutes } from '@/store/listModel';
import { writePermission, type Needs } from '@/store/role';
import { bySpecificity, matchPath } from '@/store/router';

export interface ScreenEntry {
  /** 'banks': the screen's view scope is 'view:banks' and its Go to command 'nav.banks'. */
  id: string;
  /** The sidebar's and the Go to command's name. */
  title: string;
  /**
   * Where the sidebar and "Go to …" lead, and the keys of that command: 'g' and a letter, of
   * which there are 26; a screen without one is still found by "Go to <title>" in the palette.
   */
  nav?: { path: string; shortcut?: string };
  /** Every route pattern the screen answers (':id' for a record; a '?flag' part is not routed). */
  paths: readonly string[];
  /** A list screen's four URLs (src/store/listModel.ts); those it answers are in `paths`. */
  routes?: Readonly<ListRoutes>;
  /** The contract resource the screen lists (contract/resources.ts), if any. */
  resource?: string;
  page: () => Promise<{ default: ComponentType }>;
  /** The screen's commands, registered when the signed-in app starts. */
  commands?: () => Promise<readonly Command[]>;
  /**
   * What opening the screen at all needs (a screen that is a form: settings, the CSV import).
   * Without it every staff role reads the screen; a list screen's add and edit forms still need
   * its resource's write permission (`needsAt`).
   */
  needs?: Needs;
}

/** Whether a route pattern ('/user-list?new=1', '/edit-user/:id') answers this path and query. */
function answers(pattern: string, path: string, search: string): boolean {
  const [route, query] = pattern.split('?');
  if (matchPath(route, path) === null) return false;
  const params = new URLSearchParams(search);
  return [...new URLSearchParams(query ?? '')].every(([k, v]) => params.get(k) === v);
}

/**
 * What the screen needs at this path: the screen's own `needs`, else on a list screen's add or
 * edit form the write permission of its resource ('offer.write' for /add-offer); nothing on a
 * page that only reads. The shell shows a refusal instead of a page the role may not open.
 */
export function needsAt(
  s: Pick<ScreenEntry, 'needs' | 'routes' | 'resource'>,
  path: string,
  search = '',
): Needs | undefined {
  if (s.needs) return s.needs;
  const permission = s.resource ? writePermission(s.resource) : undefined;
  if (!permission || !s.routes) return undefined;
  return answers(s.routes.add, path, search) || answers(s.routes.edit, path, search) ? { permission } : undefined;
}

/**
 * The four URLs of a list screen as a route list ('/user-list?new=1' routes as '/user-list'),
 * the most specific first: '/category-list/new' before '/category-list/:id'.
 */
export const routePaths = (routes: Readonly<Record<string, string>>) =>
  [...new Set(Object.values(routes).map((p) => p.split('?')[0]))].sort(bySpecificity);

interface ResourceEntryOptions<T extends { id: number }> {
  /** Its four URLs (./paths.ts). */
  routes: Readonly<ListRoutes>;
  /** Its "Go to …" keys ('g b'), if it has a pair of its own. */
  shortcut?: string;
  page: ScreenEntry['page'];
  /**
   * Its commands; or `screen`, its wiring (`resourceScreen`, src/commands/resourceScreen.ts),
   * when its commands are only the derived ones (`resourceCommands`): no commands file of its own.
   */
  commands?: NonNullable<ScreenEntry['commands']>;
  screen?: () => Promise<ResourceScreen<T>>;
  /** Default: its table's name in camelCase ('outlet_radius' → 'outletRadius'). */
  id?: string;
  /** Default: every one of its four URLs; a read-only list answers fewer. */
  paths?: readonly string[];
}

/**
 * The entry of a list screen of a contract resource: its id, title (the contract's plural
 * label), sidebar place, routes and paths follow from the resource (contract/resourceWords.ts)
 * and its URLs; the manifest's Find / New / Edit / Delete rows follow from it in turn
 * (src/commands/actions.ts `resourceActions`).
 */
export function resourceEntry<T extends { id: number }>(
  resource: ResourceName,
  o: ResourceEntryOptions<T>,
): ScreenEntry {
  const words = RESOURCE_WORDS[resource];
  return {
    id: o.id ?? words.table.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()),
    title: words.many,
    nav: { path: o.routes.list, shortcut: o.shortcut },
    routes: o.routes,
    paths: o.paths ?? routePaths(o.routes),
    resource,
    page: o.page,
    commands: o.commands ?? derivedCommands(resource, o.screen),
  };
}

/** The derived commands of a screen given by its wiring, both loaded with the screen's code. */
const derivedCommands = <T extends { id: number }>(
  resource: ResourceName,
  screen: ResourceEntryOptions<T>['screen'],
) => {
  if (!screen) throw new Error(`resourceEntry('${resource}'): give its commands or its screen`);
  return async (): Promise<readonly Command[]> => {
    const [wiring, { resourceCommands }] = await Promise.all([screen(), import('@/commands/resourceCommands')]);
    return resourceCommands(wiring);
  };
};
