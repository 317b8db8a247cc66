// What needs someone today: crawled refs waiting for a decision, offers about to end, and how
// redemptions went over 30 days. Each figure opens its list with the filter applied.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { TotalCounts } from '@contract/dashboard';
import { getCommand } from '@/commands/registry';
import { Kbd } from '@/ui/Kbd';
import { Sparkline } from './Sparkline';
import { formatNumber } from '@/lib/format';

const num = (n: number) => formatNumber(n);
const plural = (n: number, one: string, many: string) => `${num(n)} ${n === 1 ? one : many}`;

/** The offer list of the offers the figure counts, soonest ending first (the `expiring` filter). */
export const expiringPath = (days: number) => `/offer-list?expiring=${days}&sort=valid_to`;

export function Attention({ data, expiringDays }: { data: TotalCounts; expiringDays: number }) {
  const review = data.crawl_awaiting_review;
  const trend = data.redemptions;
  const last = trend.daily.at(-1)?.n ?? 0;
  return (
    <section className="dash-section" aria-labelledby="dash-attention">
      <h2 id="dash-attention" className="dash-heading">
        Today
      </h2>
      <ul className="stat-grid dash-attention">
        <Figure
          to="/crawl-data"
          nav="nav.crawlSources"
          label="Crawled refs awaiting review"
          value={review.total}
          note={`${plural(review.card, 'card', 'cards')} · ${plural(review.outlet, 'outlet', 'outlets')} · ${plural(review.offer, 'offer', 'offers')}`}
          tone={review.total > 0 ? 'accent' : undefined}
        />
        <Figure
          to={expiringPath(expiringDays)}
          label={`Offers expiring in ${expiringDays} days`}
          value={data.offers_expiring.count}
          note="valid today, ending soonest first"
          tone={data.offers_expiring.count > 0 ? 'warn' : undefined}
        />
        <Figure
          to="/engagement"
          nav="nav.engagement"
          label={`Redemptions, last ${trend.days} days`}
          value={trend.total}
          note={`${plural(last, 'redemption', 'redemptions')} today`}
        >
          <Sparkline
            values={trend.daily.map((d) => d.n)}
            label={`Redemptions per day over the last ${trend.days} days, ${num(last)} today`}
          />
        </Figure>
      </ul>
    </section>
  );
}

interface FigureProps {
  to: string;
  nav?: string;
  label: string;
  value: number;
  note: string;
  tone?: 'accent' | 'warn';
  children?: ReactNode;
}

function Figure({ to, nav, label, value, note, tone, children }: FigureProps) {
  const shortcut = nav ? getCommand(nav)?.shortcut : undefined;
  return (
    <li>
      <Link href={to} className={`stat stat-link dash-figure${tone ? ` is-${tone}` : ''}`}>
        <span className="stat-label">
          {label}
          {shortcut && <Kbd shortcut={shortcut} />}
        </span>
        <span className="dash-figure-row">
          <span className="stat-value">{num(value)}</span>
          {children}
        </span>
        <span className="dash-note">{note}</span>
      </Link>
    </li>
  );
}
