// "Filter cards by bank…": one palette command per filter of a list screen (its filter bar's
// FilterDefs), from one factory. The value is picked on a palette page, from the filter's
// options narrowed by what is typed, or searched on the server for long lists; the list's
// URL takes it like the filter bar's select does, so the chip and the select show it too.
import type { FilterDef, Option } from '../store/filters';
import { nounOf, type ResourceScreen } from './resourceScreen';
import type { Command, PickItem } from './types';

const SHOWN = 50;

export function filterCommands<T extends { id: number }>(screen: ResourceScreen<T>): Command[] {
  const { resource, list, view } = screen;
  const { many } = nounOf(screen);
  return (screen.filters ?? []).map((f): Command => ({
    id: `${resource.name}.filter.${f.key}`,
    title: `Filter ${many} by ${f.label.toLowerCase()}…`,
    group: resource.label.many,
    keywords: ['filter', 'only', 'narrow', 'show', f.label.toLowerCase()],
    scope: `view:${view}`,
    pick: {
      placeholder: `${resource.label.many} with which ${f.label.toLowerCase()}?`,
      load: (search, signal) => choices(f, search, signal),
    },
    run: (_ctx, value) => list.setParams({ [f.key]: (value as string) || null }),
  }));
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
