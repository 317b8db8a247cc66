// /engagement: what app users did with offers and cards over a range of days — totals, events
// per day by type, top offers, banks, cards, categories — each chart with its numbers beside
// it. The URL holds the range and the filters (src/features/engagement/engagement.ts); one call answers
// every chart. uPlot is imported from here only, so it loads with this screen's chunk.
import { useEffect, useMemo, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { Engagement, EngagementQuery } from '@contract/engagement';
import { CommandButton } from '@/commands/CommandButton';
import { activateEngagement, engagementState, pathOf } from './engagement';
import { effectiveTheme, setActiveView, ui } from '@/store/ui';
import { AppLink } from '@/ui/AppLink';
import { Loader } from '@/ui/Loader';
import { span } from './charts/format';
import { DailySection } from './DailySection';
import { ENGAGEMENT_VIEW } from './entry';
import { FilterChips } from './FilterChips';
import { RangePicker } from './RangePicker';
import { RankedSection, type RankedRow } from './RankedSection';
import { Totals } from './Totals';
import './engagement.css';

export default function EngagementScreen() {
  const s = useSnapshot(engagementState);
  const theme = effectiveTheme(useSnapshot(ui).theme);
  useEffect(() => {
    const stop = activateEngagement();
    setActiveView(ENGAGEMENT_VIEW);
    return () => {
      stop();
      setActiveView(null);
    };
  }, []);
  const data = s.data as Engagement | null;

  return (
    <div className="page eng-page">
      <div className="page-head eng-head">
        <h1>Engagement</h1>
        {data && (
          <span className="muted eng-span" aria-live="polite">
            {span(data.range.from, data.range.to)} · {data.range.days} {data.range.days === 1 ? 'day' : 'days'}
          </span>
        )}
        <CommandButton id="engagement.export" label="Export CSV" />
      </div>
      <RangePicker query={s.query} range={data?.range ?? null} />
      {data && <FilterChips filters={data.filters} />}
      {s.error && (
        <div className="alert" role="alert">
          {s.error}
        </div>
      )}
      {!data && !s.error && <Loader label="Loading engagement…" />}
      {data && <Charts data={data} query={s.query} theme={theme} busy={s.stale} />}
    </div>
  );
}

function Charts({
  data,
  query,
  theme,
  busy,
}: {
  data: Engagement;
  query: EngagementQuery;
  theme: string;
  busy: boolean;
}) {
  const sections = useMemo(() => rankedSections(data, query), [data, query]);
  const quiet = data.totals.offer_viewed + data.totals.card_viewed + data.totals.offer_opened === 0;
  return (
    <div className={busy ? 'eng-charts is-busy' : 'eng-charts'} aria-busy={busy}>
      <Totals totals={data.totals} />
      {quiet && (
        <p className="eng-empty muted">
          No events in this range
          {data.filters.offer || data.filters.card || data.filters.bank ? ' for these filters' : ''}.
        </p>
      )}
      <DailySection data={data} theme={theme} />
      <div className="eng-grid">
        {sections.map((s) => (
          <RankedSection key={s.id} {...s} theme={theme} />
        ))}
      </div>
    </div>
  );
}

/** The four ranked charts. A name narrows the screen to that record, in the same range; categories cannot be filtered by. */
function rankedSections(d: Engagement, q: EngagementQuery) {
  const narrow = (key: 'offer_id' | 'card_id' | 'bank_id', id: number) => (name: ReactNode) => (
    <AppLink to={pathOf({ ...q, [key]: id })} title="Show the engagement of this one only">
      {name}
    </AppLink>
  );
  const offers: RankedRow[] = d.top_offers.map((o) => ({
    key: o.offer_id,
    name: o.title,
    counts: o,
    link: narrow('offer_id', o.offer_id),
  }));
  const banks: RankedRow[] = d.banks.map((b) => ({
    key: b.bank_id,
    name: b.name,
    counts: b,
    link: narrow('bank_id', b.bank_id),
  }));
  const cards: RankedRow[] = d.cards.map((c) => ({
    key: c.card_id,
    name: c.name,
    note: c.bank_name,
    counts: c,
    link: narrow('card_id', c.card_id),
  }));
  const categories: RankedRow[] = d.categories.map((c) => ({ key: c.category_id ?? 0, name: c.name, counts: c }));
  return [
    {
      id: 'eng-offers',
      title: 'Top offers',
      subtitle: 'by views, opens, saves and redemptions',
      noun: 'Offer',
      rows: offers,
      columns: ['offer_viewed', 'offer_opened', 'offer_saved', 'offer_redeemed'] as const,
      color: 'offer_viewed' as const,
      empty: 'No offer was seen in this range.',
    },
    {
      id: 'eng-banks',
      title: 'By bank',
      subtitle: "events with a card, by the card's bank",
      noun: 'Bank',
      rows: banks,
      columns: ['offer_viewed', 'offer_redeemed', 'card_viewed'] as const,
      color: 'offer_opened' as const,
      empty: 'No event named a card in this range.',
    },
    {
      id: 'eng-cards',
      title: 'By card',
      subtitle: 'offers seen with the card, and card views',
      noun: 'Card',
      rows: cards,
      columns: ['offer_viewed', 'offer_redeemed', 'card_viewed'] as const,
      color: 'card_viewed' as const,
      empty: 'No event named a card in this range.',
    },
    {
      id: 'eng-categories',
      title: 'By category',
      subtitle: "an offer's category; a card view, the card's",
      noun: 'Category',
      rows: categories,
      columns: ['offer_viewed', 'offer_redeemed', 'card_viewed'] as const,
      color: 'offer_saved' as const,
      empty: 'No events in this range.',
    },
  ];
}
