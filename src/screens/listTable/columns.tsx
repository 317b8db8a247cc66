// The columns of a list's full-width table: the screen's own (ResourceScreenOptions.columns),
// else made from what every screen has: its records' name (`describe`) and the contract's
// sort keys, with the pane's one-line hint as a column to add.
import type { ListColumn, ResourceScreen } from '@/commands/resourceScreen';
import { humanise } from '@/store/filters';
import { formatDateTime, formatDay, formatDayOf, formatNumber } from '@/lib/format';

/** The name column's track: the widest. */
export const NAME_WIDTH = 'minmax(220px, 2.5fr)';

export function columnsOf<T extends { id: number }>(screen: ResourceScreen<T>): readonly ListColumn<T>[] {
  if (screen.columns) return screen.columns;
  const sortable = screen.resource.sortable ?? [];
  const nameKey = sortable.find((k) => ['name', 'title', 'label', 'type', 'merchant_name'].includes(k));
  const cols: ListColumn<T>[] = [
    {
      key: 'name',
      label: nameKey ? (screen.sortLabels?.[nameKey] ?? humanise(nameKey)) : 'Name',
      cell: (r) => screen.describe(r).label,
      width: NAME_WIDTH,
      sort: nameKey,
    },
    {
      key: 'hint',
      label: 'Details',
      cell: (r) => screen.describe(r).hint ?? '—',
      width: 'minmax(160px, 2fr)',
      optional: true,
    },
  ];
  for (const key of sortable) {
    if (key === nameKey) continue;
    const value = (r: T) => (r as Record<string, unknown>)[key];
    if (key === 'created_at') cols.push({ key, label: 'Added', cell: (r) => dayText(value(r)), sort: key });
    else
      cols.push({ key, label: screen.sortLabels?.[key] ?? humanise(key), cell: (r) => cellText(value(r)), sort: key });
  }
  return cols;
}

/** A field's value as a cell shows it: dates as dates, booleans in words, lists joined, '—' for none. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return formatNumber(v);
  if (Array.isArray(v)) return v.length ? v.join(', ') : '—';
  if (typeof v === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDay(v);
    if (/^\d{4}-\d{2}-\d{2}T/.test(v)) return formatDateTime(v);
    return v;
  }
  return String(v);
}

/** A moment as the day it fell on, here ('Added': the time is noise in a table). */
export function dayText(v: unknown): string {
  return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? formatDayOf(v) : cellText(v);
}

/** The grid tracks of the shown columns (after the pick box). */
export const gridOf = (cols: readonly Pick<ListColumn<never>, 'width'>[]) =>
  ['20px', ...cols.map((c) => c.width ?? 'minmax(96px, 1fr)')].join(' ');
