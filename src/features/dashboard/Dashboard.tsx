import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { EXPIRING_DAYS, totalCounts, type TotalCounts } from '@contract/dashboard';
import { ApiError } from '@/api/client';
import { call } from '@/api/call';
import { errorText } from '@/api/errorText';
import { Loader } from '@/ui/Loader';
import { Kbd } from '@/ui/Kbd';
import { listOfTable } from '@/commands/navigation';
import { getCommand } from '@/commands/registry';
import { Attention } from './Attention';
import { HealthCounts } from './HealthCounts';
import { LatestFeedback } from './LatestFeedback';
import './dashboard.css';
import { formatNumber } from '@/lib/format';

const titleCase = (key: string) => key.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

export default function Dashboard() {
  const [data, setData] = useState<TotalCounts | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    call(totalCounts, {}, { signal: abort.signal }).then(
      (res) => setData(res.data),
      (e: unknown) => {
        if (!(e instanceof ApiError && e.aborted))
          setError(e instanceof ApiError ? errorText(e.method, e.body) : 'Failed to fetch data.');
      },
    );
    return () => abort.abort();
  }, []);

  return (
    <div className="page">
      <div className="page-head">
        <h1>Dashboard</h1>
      </div>
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      {!data && !error && <Loader />}
      {data && (
        <>
          <Attention data={data} expiringDays={EXPIRING_DAYS} />
          <HealthCounts />
          <section className="dash-section" aria-labelledby="dash-totals">
            <h2 id="dash-totals" className="dash-heading">
              Catalogue
            </h2>
            <ul className="stat-grid" aria-label="Totals">
              {/* In the contract's `dashboard.order` (the server sends them so); each named and linked
                  by the screen listing its table's resource (src/app/screens.test.ts). */}
              {Object.entries(data.counts).map(([key, value]) => {
                const screen = listOfTable(key);
                const card = { label: screen?.title ?? titleCase(key), path: screen?.nav?.path };
                const shortcut = screen?.nav ? getCommand(`nav.${screen.id}`)?.shortcut : undefined;
                const body = (
                  <>
                    <span className="stat-label">
                      {card.label}
                      {shortcut && <Kbd shortcut={shortcut} />}
                    </span>
                    <span className="stat-value">{formatNumber(value)}</span>
                  </>
                );
                return (
                  <li key={key}>
                    {card.path ? (
                      <Link href={card.path} className="stat stat-link">
                        {body}
                      </Link>
                    ) : (
                      <div className="stat">{body}</div>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
          <LatestFeedback feedback={data.feedbackData} />
        </>
      )}
    </div>
  );
}
