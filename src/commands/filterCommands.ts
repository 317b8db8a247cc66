// "Filter cards by bank…": one palette command per filter of a list screen (its filter bar's
// FilterDefs), from one factory. The value is picked on a palette page, from the filter's
// options narrowed by what is typed, or searched on the server for long lists; the list's
// URL takes it like the filter bar's select does, so the chip and the select show it too.
// They run from every screen (`anywhere`, named in the manifest, ./actions.ts): from another
// screen the list opens with that filter alone. `presetCommands` are the filters people name
// outright ("Show expiring offers", "Show hidden cards"): global rows that open the list so.
import { sortOptions, type FilterDef, type Option } from '../store/filters';
import { go } from '../store/navigate';
import type { ResourceName } from '@contract/resourceWords';
import { ACTIONS, actionWords, FILTERS_NOT_ANYWHERE, filterTitle } from './actions';
import { nounOf, type ResourceScreen } from './resourceScreen';
import type { Command, PickItem } from './types';

const SHOWN = 50;

/** The list's address with these filters alone ('/offer-list?expiring=7'). */
export const listWith = (list: string, params: Readonly<Record<string, string>>): string => {
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString();
  return search ? `${list}?${search}` : list;
};

/**
 * Their words are the manifest's (./actions.ts derives its rows from the contract's filters, a
 * test holds the two together). The filters of `FILTERS_NOT_ANYWHERE` another command already
 * reaches from anywhere (the offers' "Show offers of a bank…"): they stay on their screen, so the
 * palette does not list the same jump twice.
 */
export function filterCommands<T extends { id: number }>(screen: ResourceScreen<T>): Command[] {
  const { resource, list, view } = screen;
  const { many } = nounOf(screen);
  const local = FILTERS_NOT_ANYWHERE[resource.name as ResourceName] ?? [];
  return (screen.filters ?? []).map((f): Command => {
    const id = `${resource.name}.filter.${f.key}`;
    const anywhere = !local.includes(f.key);
    return {
      id,
      title: filterTitle(many, f.label),
      group: resource.label.many,
      keywords: ['filter', 'only', 'narrow', 'show', f.label.toLowerCase()],
      scope: `view:${view}`,
      anywhere,
      pick: {
        placeholder: `${resource.label.many} with which ${f.label.toLowerCase()}?`,
        load: (search, signal) => choices(f, search, signal),
      },
      run: (ctx, value) =>
        ctx.view === view
          ? list.setParams({ [f.key]: (value as string) || null })
          : go(listWith(screen.routes.list, { [f.key]: (value as string) || '' })),
    };
  });
}

/**
 * "Sort offers by…": the list's sort keys (the contract's `sortable`, each way) on a palette
 * page, from every screen; from another screen the list opens sorted so. Only for the lists the
 * manifest names (./actions.ts `sorts`), where a person asks for an order by name.
 */
export function sortCommand<T extends { id: number }>(screen: ResourceScreen<T>): Command[] {
  const { resource, list, view } = screen;
  const id = `${resource.name}.sort`;
  const options = sortOptions(resource.sortable ?? [], screen.sortLabels);
  if (!options.length || !ACTIONS.some((a) => a.id === id)) return [];
  return [
    {
      id,
      ...actionWords(id),
      keywords: ['sort', 'order', 'arrange', ...options.map((o) => o.label.replace(/ [↑↓]$/, '').toLowerCase())],
      scope: `view:${view}`,
      anywhere: true,
      pick: {
        placeholder: `${resource.label.many} in which order?`,
        load: async (search) => {
          const text = search.trim().toLowerCase();
          return options
            .filter((o) => !text || o.label.toLowerCase().includes(text))
            .map((o) => ({ key: o.value, label: o.label, value: o.value }));
        },
      },
      run: (ctx, value) =>
        ctx.view === view
          ? list.setParams({ sort: (value as string) || null })
          : go(listWith(screen.routes.list, { sort: (value as string) || '' })),
    },
  ];
}

/** A filter people name outright: its id's last part, and the list's parameters it sets. */
export interface Preset {
  key: string;
  params: Readonly<Record<string, string>>;
}

/** "Show expiring offers": global rows opening the list with these filters alone (words in ./actions.ts). */
export function presetCommands<T extends { id: number }>(
  screen: ResourceScreen<T>,
  presets: readonly Preset[],
): Command[] {
  return presets.map((p): Command => {
    const id = `${screen.resource.name}.list.${p.key}`;
    return {
      id,
      ...actionWords(id),
      keywords: ['filter', 'show', 'list', ...Object.values(p.params)],
      scope: 'global',
      run: () => go(listWith(screen.routes.list, p.params)),
    };
  });
}

/** The filter's choices for what is typed; "any" first, so a picked filter can be let go here too. */
async function choices(f: FilterDef, search: string, signal: AbortSignal): Promise<PickItem[]> {
  const text = search.trim().toLowerCase();
  const options: readonly Option[] =
    f.search && text
      ? await f.search(search.trim(), signal)
      : typeof f.options === 'function'
        ? await f.options()
        : f.options;
  const narrowed = f.search && text ? options : options.filter((o) => !text || o.label.toLowerCase().includes(text));
  const any = !text || f.any.toLowerCase().includes(text) ? [{ key: 'any', label: f.any, value: '' }] : [];
  return [...any, ...narrowed.slice(0, SHOWN).map((o) => ({ key: o.value, label: o.label, value: o.value }))];
}
