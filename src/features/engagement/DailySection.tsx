// Events per day by type: the two-panel line chart, and beside it per type the total, the
// average day and the busiest day, and how many views went on to an open, a save, a redemption.
import { EVENT_TYPES, type Engagement, type EventCounts } from '@contract/engagement';
import { DailyChart } from './charts/DailyChart';
import { day, dubaiToday, num, percent } from './charts/format';
import { TYPE_LABELS } from './labels';

export function DailySection({ data, theme }: { data: Engagement; theme: string }) {
  const days = data.daily;
  return (
    <section className="eng-card" aria-labelledby="eng-daily-title">
      <header className="eng-card-head">
        <h2 id="eng-daily-title">Events per day</h2>
        <span className="muted">
          by type, Dubai time{days.at(-1)?.day === dubaiToday() ? ' · today, shaded, counts the hours so far' : ''}
        </span>
      </header>
      <div className="eng-body">
        <DailyChart days={days} theme={theme} />
        <div className="eng-side">
          <table className="eng-table" aria-label="Events per day: numbers">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col" className="num">
                  Total
                </th>
                <th scope="col" className="num">
                  Per day
                </th>
                <th scope="col" className="num">
                  Busiest day
                </th>
              </tr>
            </thead>
            <tbody>
              {EVENT_TYPES.map((t) => {
                const busiest = days.reduce((best, d) => (d[t] > best[t] ? d : best), days[0]);
                return (
                  <tr key={t} data-type={t}>
                    <th scope="row">
                      <i className="eng-swatch" aria-hidden />
                      {TYPE_LABELS[t].many}
                    </th>
                    <td className="num" data-field={t}>
                      {num(data.totals[t])}
                    </td>
                    <td className="num">{num(Math.round(data.totals[t] / Math.max(1, days.length)))}</td>
                    <td className="num">
                      {busiest && busiest[t] > 0 ? `${num(busiest[t])} · ${day(busiest.day)}` : '–'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Funnel totals={data.totals} />
        </div>
      </div>
    </section>
  );
}

const STEPS = ['offer_viewed', 'offer_opened', 'offer_saved', 'offer_redeemed'] as const;

/** Of the offer views, how many went on to an open, a save, a redemption. */
function Funnel({ totals }: { totals: EventCounts }) {
  const views = totals.offer_viewed;
  return (
    <ul className="eng-funnel" aria-label="Of the offer views">
      <li className="eng-funnel-title">Of the offer views</li>
      {STEPS.map((t) => (
        <li key={t} data-type={t}>
          <span>{TYPE_LABELS[t].many}</span>
          <span className="eng-funnel-bar" aria-hidden>
            <i style={{ width: `${views ? (totals[t] / views) * 100 : 0}%` }} />
          </span>
          <span className="num">{percent(totals[t], views)}</span>
        </li>
      ))}
    </ul>
  );
}
