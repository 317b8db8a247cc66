// Catalogue health on the dashboard: each queue's count (contract/healthQueues.ts), each
// opening its queue on the Health screen (g q) with its trend ("+3 since yesterday", the counts
// the background loop kept per day: ./queueTrend.ts), and each entity's health score (the share of
// its rows in no queue) with its last 30 days, as the background checker kept them
// (server/services/health.ts keepHealthScores). Read by their own calls, so the dashboard's
// figures do not wait for them.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { dubaiDay } from '@contract/dubaiTime';
import {
  listHealthQueues,
  listHealthQueueTrends,
  listHealthScores,
  type HealthQueueTrend,
  type HealthScore,
} from '@contract/health';
import { HEALTH_QUEUES } from '@contract/healthQueues';
import { call } from '@/api/call';
import { formatNumber } from '@/lib/format';
import { Sparkline } from './Sparkline';
import { queueTrend } from './queueTrend';

const ENTITY_WORDS: Record<HealthScore['entity'], string> = {
  offer: 'Offers',
  card: 'Cards',
  category: 'Categories',
  outlet: 'Outlets',
};

export function HealthCounts() {
  const [counts, setCounts] = useState<Record<string, number> | null>(null);
  const [scores, setScores] = useState<HealthScore[] | null>(null);
  const [trends, setTrends] = useState<Record<string, HealthQueueTrend['days']>>({});
  useEffect(() => {
    const abort = new AbortController();
    call(listHealthQueueTrends, {}, { signal: abort.signal }).then(
      (res) => setTrends(Object.fromEntries(res.data.map((t) => [t.id, t.days]))),
      () => undefined, // the counts show without their trends
    );
    call(listHealthScores, {}, { signal: abort.signal }).then(
      (res) => setScores(res.data),
      () => undefined,
    );
    call(listHealthQueues, {}, { signal: abort.signal }).then(
      (res) => setCounts(Object.fromEntries(res.data.map((c) => [c.id, c.count]))),
      // The section stays away when the counts cannot be read; the rest of the dashboard shows.
      () => undefined,
    );
    return () => abort.abort();
  }, []);
  if (!counts) return null;
  const today = dubaiDay();
  return (
    <section className="dash-section" aria-labelledby="dash-health">
      <h2 id="dash-health" className="dash-heading">
        Catalogue health
      </h2>
      <ul className="stat-grid" aria-label="Health queues">
        {HEALTH_QUEUES.map((q) => {
          const n = counts[q.id] ?? 0;
          const trend = queueTrend(trends[q.id] ?? [], n, today);
          return (
            <li key={q.id}>
              <Link href={`/health-queues/${q.id}`} className={`stat stat-link dash-figure${n > 0 ? ' is-warn' : ''}`}>
                <span className="stat-label">{q.title}</span>
                <span className="dash-figure-row">
                  <span className="stat-value">{formatNumber(n)}</span>
                  <Sparkline
                    values={trend.values}
                    label={`${q.title} over the last ${trend.values.length} days, ${formatNumber(n)} now`}
                  />
                </span>
                {trend.note && <span className="dash-note">{trend.note}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
      {scores && scores.some((sc) => sc.score !== null) && (
        <ul className="stat-grid dash-scores" aria-label="Health scores">
          {scores.map((sc) => (
            <ScoreFigure key={sc.entity} sc={sc} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Offers 97.4%": the share of rows in no queue, its trend, and how many rows a queue holds. */
function ScoreFigure({ sc }: { sc: HealthScore }) {
  const values = sc.trend.flatMap((d) => (d.score === null ? [] : [d.score]));
  const first = values[0];
  const change = values.length > 1 && first !== undefined ? (sc.score ?? first) - first : null;
  const words = ENTITY_WORDS[sc.entity];
  return (
    <li className="stat dash-figure">
      <span className="stat-label">{words}: health score</span>
      <span className="dash-figure-row">
        <span className="stat-value">{sc.score === null ? '—' : `${sc.score.toFixed(1)}%`}</span>
        <Sparkline
          values={values}
          min={Math.max(0, Math.floor(Math.min(...values) - 1))}
          label={`${words}' health score over the last ${values.length} days, ${sc.score ?? 'none'}% now`}
        />
      </span>
      <span className="dash-note">
        {formatNumber(sc.in_queues)} of {formatNumber(sc.total)} in a queue
        {change !== null && Math.abs(change) >= 0.05
          ? ` · ${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(1)} in ${values.length} days`
          : ''}
      </span>
    </li>
  );
}
