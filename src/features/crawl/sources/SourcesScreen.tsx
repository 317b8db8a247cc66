import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { REF_KINDS, type CrawlSource } from '@contract/crawl';
import { CommandButton } from '@/commands/CommandButton';
import { runCommand } from '@/commands/runner';
import { activateSources, loadSources, sourcesList, sourcesState, triagePath } from '../crawlSources';
import { setActiveView } from '@/store/ui';
import { AppLink } from '@/ui/AppLink';
import { Kbd } from '@/ui/Kbd';
import { SplitPane } from '@/ui/SplitPane';
import { VirtualList } from '@/ui/VirtualList';
import { Badge, orDash } from '@/ui/bits';
import { PaneBack } from '@/screens/PaneBack';
import { CountCells, CountHeads, KIND_LABEL, Progress, decidedCount, totalCount } from '../counts';
import { CRAWL_SOURCES_VIEW } from './entry';
import { ImportDialog } from './ImportDialog';
import '../crawl.css';
import { formatDateTime, formatNumber } from '@/lib/format';

const ROW_HEIGHT = 58;
const SEGMENT = { card: 'cards', outlet: 'outlets', offer: 'offers' } as const;

/** Every crawl source, one row each; the highlighted one's counts and actions on the right. */
export default function SourcesScreen() {
  const s = useSnapshot(sourcesState);
  const m = useSnapshot(sourcesList.state);
  const listRef = useRef<HTMLDivElement | null>(null);
  const sources = s.sources as CrawlSource[];

  useEffect(() => {
    const stop = activateSources();
    setActiveView(CRAWL_SOURCES_VIEW, { model: sourcesList, resource: 'crawlSource' });
    sourcesList.attach({
      focusList: () => listRef.current?.focus(),
      focusSearch: () => undefined,
      submitForm: () => undefined,
    });
    listRef.current?.focus({ preventScroll: true });
    return () => {
      stop();
      sourcesList.attach(null);
      setActiveView(null);
    };
  }, []);

  const highlighted = sources.findIndex((x) => x.id === m.cursor);
  const current = highlighted >= 0 ? sources[highlighted] : undefined;

  const list = (
    <>
      <div className="list-head">
        <div className="list-title">
          <h1>Crawl review</h1>
          <CommandButton id="crawl.importFile" label="Import" />
        </div>
        <div className="list-meta">
          <div className="list-count" aria-live="polite">
            {s.status === 'loading'
              ? 'Loading…'
              : s.status === 'ready'
                ? `${sources.length} ${sources.length === 1 ? 'source' : 'sources'}`
                : '\u00a0'}
          </div>
        </div>
      </div>
      <VirtualList
        items={sources}
        getKey={(x) => x.id}
        label="Crawl sources"
        highlighted={highlighted}
        listRef={listRef}
        rowHeight={ROW_HEIGHT}
        onRowClick={(x) => void runCommand('list.open', 'pointer', x.id)}
        renderRow={(x) => <SourceRow source={x} />}
        footer={
          s.status === 'failed' ? (
            <div className="vlist-status" role="alert">
              {s.error}{' '}
              <button type="button" className="btn btn-ghost" onClick={() => void loadSources()}>
                Retry
              </button>
            </div>
          ) : s.status === 'ready' && !sources.length ? (
            <div className="vlist-status">
              No crawl sources yet. A crawl file imported for a bank website shows up here.
            </div>
          ) : s.status === 'loading' ? (
            <div className="vlist-status">Loading…</div>
          ) : null
        }
      />
    </>
  );

  return (
    <>
      {/* paneOpen: a phone shows the source instead of the list once it is tapped (m.shown). */}
      <SplitPane
        list={list}
        pane={current ? <SourcePane source={current} /> : <NoSource loading={s.status !== 'ready'} />}
        paneOpen={!!current && m.shown}
      />
      <ImportDialog />
    </>
  );
}

function SourceRow({ source }: { source: CrawlSource }) {
  const open = REF_KINDS.reduce((n, k) => n + source.counts[k].new, 0);
  return (
    <div className="rec-row">
      <div className="rec-line">
        <span className="rec-title">{source.name}</span>
        {source.reviewed_at ? (
          <Badge tone="on">Reviewed</Badge>
        ) : open > 0 ? (
          <Badge tone="accent">{formatNumber(open)} to review</Badge>
        ) : (
          <Badge>Ready to verify</Badge>
        )}
        <span className="crawl-row-bars" aria-hidden>
          {REF_KINDS.map((k) => (
            <Progress key={k} counts={source.counts[k]} label={KIND_LABEL[k]} />
          ))}
        </span>
      </div>
      <div className="rec-meta">
        <span className="rec-ellipsis">{source.bank_name ?? 'No bank'}</span>
        <span aria-hidden>·</span>
        <span className="mono">{source.from_source}</span>
        <span aria-hidden>·</span>
        <span>{formatNumber(source.live_offers)} live offers</span>
      </div>
    </div>
  );
}

function SourcePane({ source }: { source: CrawlSource }) {
  return (
    <div className="pane">
      <header className="pane-head">
        <PaneBack />
        <h2>{source.name}</h2>
        <CommandButton id="crawl.verifySource" label="Verify" />
      </header>
      <div className="pane-body crawl-source">
        <dl className="props">
          <dt>Bank</dt>
          <dd>
            {source.bank_id ? (
              <AppLink to={`/view-bank/${source.bank_id}`}>{source.bank_name}</AppLink>
            ) : (
              orDash(source.bank_name)
            )}
          </dd>
          <dt>Source</dt>
          <dd className="mono">{source.from_source}</dd>
          <dt>Last import</dt>
          <dd>{source.last_import_at ? formatDateTime(source.last_import_at) : orDash(null)}</dd>
          <dt>Reviewed</dt>
          <dd>{source.reviewed_at ? formatDateTime(source.reviewed_at) : <span className="muted">Not yet</span>}</dd>
          <dt>Live offers</dt>
          <dd>{formatNumber(source.live_offers)}</dd>
        </dl>

        <table className="crawl-counts">
          <caption className="visually-hidden">Crawled refs by state</caption>
          <thead>
            <tr>
              <th scope="col">Refs</th>
              <CountHeads />
              <th scope="col">Decided</th>
            </tr>
          </thead>
          <tbody>
            {REF_KINDS.map((k) => (
              <tr key={k}>
                <th scope="row">
                  <AppLink to={triagePath(SEGMENT[k], source.id)}>{KIND_LABEL[k]}</AppLink>
                </th>
                <CountCells counts={source.counts[k]} />
                <td className="crawl-counts-bar">
                  <Progress counts={source.counts[k]} label={KIND_LABEL[k]} />
                  <span className="muted">
                    {decidedCount(source.counts[k])}/{totalCount(source.counts[k])}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>

        <div className="crawl-actions">
          <div className="crawl-actions-row">
            <AppLink className="btn btn-primary" to={triagePath('cards', source.id)}>
              Review cards <Kbd shortcut="enter" />
            </AppLink>
            <AppLink className="btn" to={triagePath('outlets', source.id)}>
              Review outlets
            </AppLink>
            <AppLink className="btn" to={triagePath('offers', source.id)}>
              Review offers
            </AppLink>
          </div>
          <div className="crawl-actions-row">
            <CommandButton id="crawl.onboardOffers" label="Onboard offers…" />
            <CommandButton id="crawl.rollbackOffers" label="Roll back offers…" />
            <CommandButton id="crawl.removeFromCard" label="Remove from card…" variant="ghost" />
          </div>
        </div>
      </div>
    </div>
  );
}

function NoSource({ loading }: { loading: boolean }) {
  return (
    <div className="empty pane-empty">
      <p>{loading ? 'Loading sources…' : 'Select a source to see its counts.'}</p>
      <div className="pane-empty-keys muted">
        <Kbd shortcut="j, k" /> <span>move</span>
        <Kbd shortcut="enter" /> <span>review its cards</span>
        <Kbd shortcut="mod+k" /> <span>verify, onboard, roll back</span>
        <Kbd shortcut="i" /> <span>import a crawl file</span>
      </div>
    </div>
  );
}
