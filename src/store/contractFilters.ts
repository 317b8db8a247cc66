// A list's filter bar from its contract (contract/resource.ts `filters`): one select per declared
// filter, in the contract's order, so a screen writes only what differs (a preset, a search, the
// words of an enum's values). An id filter names another resource by its key (`bank`) or by the
// resource it shows (`shows`); its options are that resource's list, each record by its title
// column (`search.title` when it is a plain column, else its first sort key).
import type { TSchema } from '@sinclair/typebox';
import { resources } from '@contract/resources';
import type { Resource } from '@contract/resource';
import { labelOf } from '@contract/fieldLabels';
import { MAX_PER_PAGE } from '@contract/envelope';
import { filterChoices, filterKeys, filterKind, resourceClient } from '../api/resourceClient';
import { booleanFilter, cachedOptions, enumFilter, refFilter, type FilterDef, type Option } from './filters';

/**
 * What differs from the derived filter: any of its words or options (`any: 'All roles'`, a
 * `search`), `labelOf` for an enum's values, `resource` for an id filter whose key names no
 * resource (`area` → 'city'); `false` leaves the filter out of the bar.
 */
export type FilterTweak =
  | false
  | (Partial<Omit<FilterDef, 'key'>> & {
      labelOf?: (value: string) => string;
      /** Words for a flag's two values (default 'Yes' and 'No'). */
      yes?: string;
      no?: string;
      resource?: string;
    });

/** The filter bar of `resource`: in the contract's order, or in `order` (names the contract declares). */
export function filtersOf(
  resource: Resource,
  tweaks: Readonly<Record<string, FilterTweak>> = {},
  order: readonly string[] = filterKeys(resource),
): FilterDef[] {
  const props = (resource.filters?.properties ?? {}) as Record<string, TSchema>;
  const out: FilterDef[] = [];
  for (const key of order) {
    if (!(key in props)) throw new Error(`${resource.name} has no filter "${key}"`);
    const tweak = tweaks[key];
    if (tweak === false) continue;
    const derived = deriveFilter(resource, key, props[key], tweak ?? {});
    if (!derived) continue;
    const { labelOf: _l, yes: _y, no: _n, resource: _r, ...words } = tweak ?? {};
    out.push({ ...derived, ...words });
  }
  return out;
}

function deriveFilter(
  resource: Resource,
  key: string,
  schema: TSchema | undefined,
  tweak: Exclude<FilterTweak, false>,
): FilterDef | null {
  const label = tweak.label ?? labelOf(resource.filters, key);
  const lower = label.toLowerCase();
  const choices = filterChoices(schema);
  if (choices) return enumFilter(key, label, `Any ${lower}`, choices, tweak.labelOf);
  const kind = filterKind(schema);
  if (kind === 'boolean') return booleanFilter(key, label, `Any ${lower}`, tweak.yes ?? 'Yes', tweak.no ?? 'No');
  if (kind === 'number') {
    const target = resources.find((r) => r.name === (tweak.resource ?? key));
    if (target)
      return refFilter(
        key,
        tweak.label ?? target.label.one,
        `All ${target.label.many.toLowerCase()}`,
        optionsOf(target),
      );
    if (tweak.options) return { key, label, any: `Any ${lower}`, options: tweak.options };
  }
  // Free text or a number naming nothing: no select can offer it unless the screen gives options.
  return tweak.options ? { key, label, any: `Any ${lower}`, options: tweak.options } : null;
}

/** The column a record reads by in a select: the search's title when it is one column, else the first sort key. */
export function titleKeyOf(r: Resource): string {
  const title = r.search?.title;
  if (title && /^[a-z_]+$/.test(title)) return title;
  return r.sortable?.find((k) => k !== 'created_at') ?? 'name';
}

const loaders = new Map<string, () => Promise<readonly Option[]>>();

/** A reference resource's whole list as options, one cached loader per resource (src/store/filters.ts cachedOptions). */
export function optionsOf(r: Resource): () => Promise<readonly Option[]> {
  let load = loaders.get(r.name);
  if (!load) {
    const client = resourceClient<Record<string, unknown> & { id: number }>(r);
    const title = titleKeyOf(r);
    const sort = r.sortable?.includes(title) ? title : undefined;
    load = cachedOptions(r, () =>
      client
        .list({ page: 1, per_page: MAX_PER_PAGE, sort })
        .then((answer) => answer.data.map((row) => ({ value: String(row.id), label: String(row[title] ?? row.id) }))),
    );
    loaders.set(r.name, load);
  }
  return load;
}
