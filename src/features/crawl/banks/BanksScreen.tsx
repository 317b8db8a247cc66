import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { REF_KINDS } from '@contract/crawl';
import { type CrawlBank, type CrawlBankSource } from '@contract/crawlOverviews';
import { runCommand } from '@/commands/runner';
import { activateBanks, bankKey, banksList, banksState, loadBanks } from './crawlBanks';
import { triagePath } from '../crawlSources';
import { setActiveView } from '@/store/ui';
import { AppLink } from '@/ui/AppLink';
import { Kbd } from '@/ui/Kbd';
import { SplitPane } from '@/ui/SplitPane';
import { VirtualList } from '@/ui/VirtualList';
import { Badge, orDash } from '@/ui/bits';
import { KIND_LABEL, Progress } from '../counts';
import { PaneBack } from '@/screens/PaneBack';
import { BankCounts } from './BankCounts';
import { CRAWL_BANKS_VIEW } from './entry';
import '../crawl.css';
import { formatDateTime, formatNumber } from '@/lib/format';

const ROW_HEIGHT = 58;

const sum = (b: CrawlBank, state: 'new' | 'vanished') => REF_KINDS.reduce((n, k) => n + b.counts[k][state], 0);
const bankName = (b: CrawlBank) => b.bank_name ?? 'No bank named';

/** Crawled bank data: the banks that have crawl sources; the highlighted one's sources on the right. */
export default function BanksScreen() {
  const s = useSnapshot(banksState);
  const m = useSnapshot(banksList.state);
  const listRef = useRef<HTMLDivElement | null>(null);
  const banks = s.banks as CrawlBank[];

  useEffect(() => {
    const stop = activateBanks();
    setActiveView(CRAWL_BANKS_VIEW, { model: banksList, resource: 'crawlSource' });
    banksList.attach({
      focusList: () => listRef.current?.focus(),
      focusSearch: () => undefined,
      submitForm: () => undefined,
    });
    listRef.current?.focus({ preventScroll: true });
    return () => {
      stop();
      banksList.attach(null);
      setActiveView(null);
    };
  }, []);

  const highlighted = banks.findIndex((b) => bankKey(b) === m.cursor);
  const current = highlighted >= 0 ? banks[highlighted] : undefined;

  const list = (
    <>
      <div className="list-head">
        <div className="list-title">
          <h1>Crawled banks</h1>
        </div>
        <div className="list-meta">
          <div className="list-count" aria-live="polite">
            {s.status === 'loading'
              ? 'Loading…'
              : s.status === 'ready'
                ? `${banks.length} ${banks.length === 1 ? 'bank' : 'banks'} with crawl sources`
                : '\u00a0'}
          </div>
        </div>
      </div>
      <VirtualList
        items={banks}
        getKey={bankKey}
        label="Crawled banks"
        highlighted={highlighted}
        listRef={listRef}
        rowHeight={ROW_HEIGHT}
        onRowClick={(b) => void runCommand('list.open', 'pointer', bankKey(b))}
        renderRow={(b) => <BankRow bank={b} />}
        footer={
          s.status === 'failed' ? (
            <div className="vlist-status" role="alert">
              {s.error}{' '}
              <button type="button" className="btn btn-ghost" onClick={() => void loadBanks()}>
                Retry
              </button>
            </div>
          ) : s.status === 'ready' && !banks.length ? (
            <div className="vlist-status">
              No crawl sources yet. A bank shows up here once a crawl file of its website is imported.
            </div>
          ) : null
        }
      />
    </>
  );

  // paneOpen: a phone shows the bank instead of the list once it is tapped (m.shown).
  return (
    <SplitPane
      list={list}
      pane={current ? <BankPane bank={current} /> : <NoBank loading={s.status !== 'ready'} />}
      paneOpen={!!current && m.shown}
    />
  );
}

function BankRow({ bank }: { bank: CrawlBank }) {
  const open = sum(bank, 'new');
  const gone = sum(bank, 'vanished');
  return (
    <div className="rec-row">
      <div className="rec-line">
        <span className="rec-title">{bankName(bank)}</span>
        {open > 0 ? <Badge tone="accent">{formatNumber(open)} to review</Badge> : <Badge tone="on">All decided</Badge>}
        <span className="crawl-row-bars" aria-hidden>
          {REF_KINDS.map((k) => (
            <Progress key={k} counts={bank.counts[k]} label={KIND_LABEL[k]} />
          ))}
        </span>
      </div>
      <div className="rec-meta">
        <span>
          {bank.sources.length} {bank.sources.length === 1 ? 'source' : 'sources'}
        </span>
        <span aria-hidden>·</span>
        <span className="rec-ellipsis">
          {bank.last_import_at ? `imported ${formatDateTime(bank.last_import_at)}` : 'never imported'}
        </span>
        {gone > 0 && (
          <>
            <span aria-hidden>·</span>
            <span className="crawl-vanished">{formatNumber(gone)} vanished</span>
          </>
        )}
      </div>
    </div>
  );
}

function BankPane({ bank }: { bank: CrawlBank }) {
  return (
    <div className="pane">
      <header className="pane-head">
        <PaneBack />
        <h2>{bankName(bank)}</h2>
        {bank.bank_id !== null && (
          <AppLink className="btn btn-ghost" to={`/view-bank/${bank.bank_id}`}>
            Open bank
          </AppLink>
        )}
      </header>
      <div className="pane-body crawl-source">
        <dl className="props">
          <dt>Sources</dt>
          <dd>{bank.sources.length}</dd>
          <dt>Last import</dt>
          <dd>{bank.last_import_at ? formatDateTime(bank.last_import_at) : orDash(null)}</dd>
          <dt>Live offers</dt>
          <dd>{formatNumber(bank.live_offers)}</dd>
        </dl>
        <BankCounts counts={bank.counts} caption={`Crawled refs of ${bankName(bank)} by state`} />
        <section aria-label="Sources" className="crawl-bank-sources">
          <h3 className="triage-section-head">
            Sources <span className="muted">· number keys open one</span>
          </h3>
          <ol className="crawl-bank-source-list">
            {bank.sources.map((src, i) => (
              <li key={src.id}>
                <SourceCard source={src} n={i + 1} />
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}

function SourceCard({ source, n }: { source: CrawlBankSource; n: number }) {
  return (
    <article className="crawl-bank-source" aria-label={source.name}>
      <header>
        {n <= 9 ? <Kbd shortcut={String(n)} /> : <span />}
        <AppLink className="crawl-bank-source-name" to={triagePath('cards', source.id)}>
          {source.name}
        </AppLink>
        <span className="mono muted">{source.from_source}</span>
        {source.reviewed_at ? <Badge tone="on">Reviewed</Badge> : null}
        <span className="muted crawl-bank-source-date">
          {source.last_import_at ? `imported ${formatDateTime(source.last_import_at)}` : 'never imported'}
        </span>
      </header>
      <BankCounts
        counts={source.counts}
        caption={`Crawled refs of ${source.name} by state`}
        link={(segment) => triagePath(segment, source.id)}
      />
    </article>
  );
}

function NoBank({ loading }: { loading: boolean }) {
  return (
    <div className="empty pane-empty">
      <p>{loading ? 'Loading banks…' : 'Select a bank to see its sources.'}</p>
      <div className="pane-empty-keys muted">
        <Kbd shortcut="j, k" /> <span>move</span>
        <Kbd shortcut="enter" /> <span>review the newest source</span>
        <Kbd shortcut="1" /> <span>open the nth source</span>
      </div>
    </div>
  );
}
