// The engagement screen's CSV: what the screen shows, in one file a spreadsheet can filter —
// one row per chart row, its chart in `section` (day, offer, bank, card, category), then the
// counts by type. The range and the filters are in the file name and in the first row.
import { EVENT_TYPES, type Engagement, type EventCounts } from '@contract/engagement';
import { downloadCsv, toCsv, type CsvColumn } from '@/store/csvExport';

export interface CsvRow {
  section: string;
  id: number | string | null;
  name: string;
  counts: EventCounts & { total: number };
}

export function engagementRows(e: Engagement): CsvRow[] {
  const filters = (['offer', 'card', 'bank'] as const).flatMap((k) =>
    e.filters[k] ? [`${k}: ${e.filters[k].name}`] : [],
  );
  const total = (c: EventCounts) => EVENT_TYPES.reduce((s, t) => s + c[t], 0);
  const counts = (c: EventCounts) =>
    ({ ...Object.fromEntries(EVENT_TYPES.map((t) => [t, c[t]])), total: total(c) }) as CsvRow['counts'];
  return [
    {
      section: 'range',
      id: `${e.range.from}..${e.range.to}`,
      name: [`${e.range.days} days (${e.range.time_zone})`, ...filters].join('; '),
      counts: counts(e.totals),
    },
    ...e.daily.map((d) => ({ section: 'day', id: d.day, name: d.day, counts: counts(d) })),
    ...e.top_offers.map((o) => ({ section: 'offer', id: o.offer_id, name: o.title, counts: counts(o) })),
    ...e.banks.map((b) => ({ section: 'bank', id: b.bank_id, name: b.name, counts: counts(b) })),
    ...e.cards.map((c) => ({ section: 'card', id: c.card_id, name: `${c.name} · ${c.bank_name}`, counts: counts(c) })),
    ...e.categories.map((c) => ({ section: 'category', id: c.category_id, name: c.name, counts: counts(c) })),
  ];
}

const COLUMNS: CsvColumn<CsvRow>[] = [
  { header: 'section', value: (r) => r.section },
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  ...[...EVENT_TYPES, 'total'].map((t) => ({ header: t, value: (r: CsvRow) => r.counts[t as keyof CsvRow['counts']] })),
];

/** 'engagement-2026-10-25-to-2026-11-23-offer-12.csv' */
export function engagementFileName(e: Engagement): string {
  const ids = (['offer', 'card', 'bank'] as const).flatMap((k) => (e.filters[k] ? [`${k}-${e.filters[k].id}`] : []));
  return ['engagement', e.range.from, 'to', e.range.to, ...ids].join('-') + '.csv';
}

export const engagementCsv = (e: Engagement) => toCsv(engagementRows(e), COLUMNS);

export async function downloadEngagement(e: Engagement): Promise<number> {
  const rows = engagementRows(e);
  downloadCsv(engagementFileName(e), await toCsv(rows, COLUMNS));
  return rows.length - 1;
}
