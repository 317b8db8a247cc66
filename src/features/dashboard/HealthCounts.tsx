// Catalogue health on the dashboard: each queue's count (contract/healthQueues.ts), each
// opening its queue on the Health screen (g q). Read by its own call, so the dashboard's
// figures do not wait for it.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { listHealthQueues } from '@contract/health';
import { HEALTH_QUEUES } from '@contract/healthQueues';
import { call } from '@/api/call';
import { formatNumber } from '@/lib/format';

export function HealthCounts() {
  const [counts, setCounts] = useState<Record<string, number> | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    call(listHealthQueues, {}, { signal: abort.signal }).then(
      (res) => setCounts(Object.fromEntries(res.data.map((c) => [c.id, c.count]))),
      // The section stays away when the counts cannot be read; the rest of the dashboard shows.
      () => undefined,
    );
    return () => abort.abort();
  }, []);
  if (!counts) return null;
  return (
    <section className="dash-section" aria-labelledby="dash-health">
      <h2 id="dash-health" className="dash-heading">
        Catalogue health
      </h2>
      <ul className="stat-grid" aria-label="Health queues">
        {HEALTH_QUEUES.map((q) => {
          const n = counts[q.id] ?? 0;
          return (
            <li key={q.id}>
              <Link href={`/health-queues/${q.id}`} className={`stat stat-link dash-figure${n > 0 ? ' is-warn' : ''}`}>
                <span className="stat-label">{q.title}</span>
                <span className="stat-value">{formatNumber(n)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
