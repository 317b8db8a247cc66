// One ranked chart (top offers, banks, cards, categories): bars of each row's events, and the
// table of its numbers beside them. A row's name narrows the whole screen to it (drill-down)
// where the API can filter by it.
import { useMemo, type ReactNode } from 'react';
import type { EventCounts, EventType } from '@contract/engagement';
import { BarChart } from './charts/BarChart';
import { num } from './charts/format';
import { TYPE_LABELS } from './labels';

export interface RankedRow {
  key: string | number;
  name: string;
  /** A second line under the name (a card's bank). */
  note?: string;
  counts: EventCounts & { total: number };
  /** The name as a link, when the row can be opened. */
  link?: (name: ReactNode) => ReactNode;
}

interface RankedSectionProps {
  id: string;
  title: string;
  subtitle: string;
  /** The table's name column. */
  noun: string;
  rows: readonly RankedRow[];
  /** The counts the table shows, besides the total. */
  columns: readonly EventType[];
  /** The bars' colour. */
  color: EventType;
  empty: string;
  theme: string;
}

export function RankedSection({ id, title, subtitle, noun, rows, columns, color, empty, theme }: RankedSectionProps) {
  const bars = useMemo(() => rows.map((r) => ({ label: r.name, value: r.counts.total })), [rows]);
  return (
    <section className="eng-card" aria-labelledby={`${id}-title`}>
      <header className="eng-card-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <span className="muted">{subtitle}</span>
      </header>
      {rows.length === 0 ? (
        <p className="eng-empty muted">{empty}</p>
      ) : (
        <div className="eng-body">
          <BarChart bars={bars} type={color} what="Events" label={`${title}: a bar chart`} theme={theme} />
          <table className="eng-table" aria-label={`${title}: numbers`}>
            <thead>
              <tr>
                <th scope="col" className="rank">
                  #
                </th>
                <th scope="col">{noun}</th>
                {columns.map((c) => (
                  <th key={c} scope="col" className="num">
                    {TYPE_LABELS[c].short}
                  </th>
                ))}
                <th scope="col" className="num" title="Every event: views, opens, saves, redemptions and card views">
                  All events
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.key} data-key={r.key}>
                  <td className="rank">{i + 1}</td>
                  <th scope="row" className="name">
                    <span className="eng-name" title={r.name}>
                      {r.link ? r.link(r.name) : r.name}
                    </span>
                    {r.note && <span className="eng-note">{r.note}</span>}
                  </th>
                  {columns.map((c) => (
                    <td key={c} className="num" data-field={c}>
                      {num(r.counts[c])}
                    </td>
                  ))}
                  <td className="num total" data-field="total">
                    {num(r.counts.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
