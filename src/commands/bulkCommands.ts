// "Set category of 4 offers…": one command per field a resource lets many records take at
// once (contract/resource.ts `bulk`), from one factory. The value is picked on a palette page
// (the screen's filter options for references and choices, a typed date for dates: '+30d'), the
// count confirmed, and the change made in one call that the toast can undo.
import type { TSchema } from '@sinclair/typebox';
import { dubaiDay, parseYmd, ymd } from '@contract/dubaiTime';
import { filterChoices, filterKind } from '../api/resourceClient';
import { humanise, type FilterDef, type Option } from '../store/filters';
import { confirm } from '../ui/confirmStore';
import { displayOf } from '@/lib/dateText';
import { nounOf, type ResourceScreen } from './resourceScreen';
import type { Command, Ctx, PickItem } from './types';
import { formatNumber } from '@/lib/format';

/** A picked value: what the API gets, and how it reads in the confirmation. */
interface Picked {
  value: unknown;
  label: string;
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

export function bulkCommands<T extends { id: number }>(screen: ResourceScreen<T>): Command[] {
  const { resource, list, store, view } = screen;
  if (!resource.ops.bulkUpdate) return [];
  const { one, many } = nounOf(screen);
  const count = (n: number) => plural(n, one, many);
  const browsing = (ctx: Ctx) => ctx.mode !== 'edit' && ctx.mode !== 'add';

  return (resource.bulk ?? []).map((field): Command<Picked> => {
    const filter = screen.filters?.find((f) => f.key === field.replace(/_id$/, ''));
    const label = (filter?.label ?? humanise(field.replace(/_id$/, ''))).toLowerCase();
    const schema = resource.update.properties[field];
    return {
      id: `${resource.name}.bulkSet.${field}`,
      title: `Set ${label} of selected ${many}…`,
      selection: (n) => `Set ${label} of ${count(n)}…`,
      group: resource.label.many,
      keywords: ['bulk', 'change', 'edit', 'selection', 'checked', label],
      scope: `view:${view}`,
      enabled: (ctx) => browsing(ctx) && list.selectedCount() > 0,
      needs: { op: resource.ops.bulkUpdate },
      pick: { placeholder: `New ${label}…`, load: (search) => valuesFor(field, label, schema, filter, search) },
      async run(_ctx, picked) {
        const n = list.selectedCount();
        const target = list.target();
        const ok = await confirm({
          title: `Set ${label} of ${count(n)}?`,
          body: `${capital(label)} becomes “${picked.label}” on ${target.where ? `all ${count(n)} the list matches` : count(n)}. You can undo this.`,
          confirmLabel: `Set ${label} of ${count(n)}`,
        });
        if (!ok) return undefined;
        const res = await store.bulk('bulkUpdate', target, { [field]: picked.value });
        // Checked rows stay checked for a second change; "all matching" may match others now.
        if (target.where) list.clear();
        return { message: res.message, undo: () => store.undo(res.data.undo) };
      },
    };
  });
}

/** The values a field can take, narrowed by what was typed. */
async function valuesFor(
  field: string,
  label: string,
  schema: TSchema | undefined,
  filter: FilterDef | undefined,
  search: string,
): Promise<PickItem<Picked>[]> {
  const text = search.trim().toLowerCase();
  if (isDate(schema)) return dateChoices(search);
  const options: readonly Option[] = filter
    ? typeof filter.options === 'function'
      ? await filter.options()
      : filter.options
    : (
        filterChoices(schema) ??
        (filterKind(variants(schema).find((v) => v.type !== 'null')) === 'boolean' ? ['true', 'false'] : [])
      ).map((v) => ({ value: v, label: v === 'true' ? 'Yes' : v === 'false' ? 'No' : v }));
  // The value's own type, not the null a nullable field also takes.
  const kind = filterKind(variants(schema).find((v) => v.type !== 'null'));
  const typed = (v: string) => (kind === 'number' ? Number(v) : kind === 'boolean' ? v === 'true' : v);
  const items: PickItem<Picked>[] = options.map((o) => ({
    key: o.value,
    label: o.label,
    value: { value: typed(o.value), label: o.label } satisfies Picked,
  }));
  if (isNullable(schema))
    items.unshift({ key: 'none', label: `No ${label}`, value: { value: null, label: `no ${label}` } satisfies Picked });
  return items
    .filter((i) => !text || i.label.toLowerCase().includes(text))
    .slice(0, 50)
    .map((i) => ({ ...i, key: `${field}:${i.key}` }));
}

/**
 * A typed date ('24 Nov', '24/11/2026', '+30d', 'end of month': src/lib/parseDate.ts, fetched
 * when first asked, as it holds chrono-node), else today, this month's and this year's end:
 * Dubai's days, each shown in words.
 */
async function dateChoices(search: string): Promise<PickItem<Picked>[]> {
  const item = (day: string, hint?: string): PickItem<Picked> => ({
    key: day,
    label: displayOf('date', day)!,
    hint,
    value: { value: day, label: displayOf('date', day)! } satisfies Picked,
  });
  const typed = search.trim();
  if (typed) {
    const { parseDate } = await import('@/lib/parseDate');
    const read = parseDate(typed, new Date());
    return read ? [item(read.day)] : [];
  }
  const today = parseYmd(dubaiDay())!;
  return [
    item(ymd(today), 'Today'),
    item(ymd({ ...today, day: new Date(Date.UTC(today.year, today.month, 0)).getUTCDate() }), 'End of this month'),
    item(ymd({ ...today, month: 12, day: 31 }), 'End of this year'),
  ];
}

const variants = (s: TSchema | undefined): TSchema[] =>
  s ? (Array.isArray(s.anyOf) ? (s.anyOf as TSchema[]) : [s]) : [];
const isDate = (s: TSchema | undefined) => variants(s).some((v) => v.format === 'date');
const isNullable = (s: TSchema | undefined) => variants(s).some((v) => v.type === 'null');
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
