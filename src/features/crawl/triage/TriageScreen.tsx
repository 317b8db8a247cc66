import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { REF_STATES, type OfferRef, type RefKind, type RefState } from '@contract/crawl';
import { runCommand } from '@/commands/runner';
import { triagePath } from '../crawlSources';
import type { AnyRef, Focus, History, OfferEditState, RefFilter } from './triageTypes';
import { triage } from './model';
import { setActiveView } from '@/store/ui';
import { onTouched } from '@/api/call';
import { AppLink } from '@/ui/AppLink';
import { SplitPane } from '@/ui/SplitPane';
import { VirtualList } from '@/ui/VirtualList';
import { KIND_LABEL, STATE_LABEL } from '../counts';
import { CRAWL_TRIAGE_VIEW, TRIAGE_KINDS, type TriageSegment } from './entry';
import { filtersFor, withState } from './links';
import { CardDialogs } from './dialogs/CardDialogs';
import { NothingOpen } from './NothingOpen';
import { RefPane } from './RefPane';
import { RefRow } from './RefRow';
import '../crawl.css';

const ROW_HEIGHT = 44;
const SEGMENTS = Object.keys(TRIAGE_KINDS) as TriageSegment[];

/** '/crawl-data/outlets/3' → { segment: 'outlets', source: 3 }. */
function parse(path: string): { segment: TriageSegment; source: number } | null {
  const m = /^\/crawl-data\/(cards|outlets|offers)\/(\d+)\/?$/.exec(path);
  return m ? { segment: m[1] as TriageSegment, source: Number(m[2]) } : null;
}

const filterOf = (search: string): RefFilter => {
  const v = new URLSearchParams(search).get('state');
  return v === 'all' || (REF_STATES as readonly string[]).includes(v ?? '') ? (v as RefFilter) : 'new';
};

/** ?ref=12 opens that ref (the links /view-crawl-outlet/:id and /edit-crawl-offer/:id land here), ?edit=1 its edit form. */
const linkedRef = (search: string) => {
  const p = new URLSearchParams(search);
  const id = Number(p.get('ref'));
  return { focus: Number.isInteger(id) && id > 0 ? id : undefined, edit: p.get('edit') === '1' };
};

/**
 * One view for a source's crawled cards, outlets and offers: the queue on the left (the URL's
 * ?state=, default new), the ref in focus on the right with its ranked live candidates.
 */
export default function TriageScreen() {
  const [path] = useLocation();
  const search = useSearch();
  const where = parse(path);
  const filter = filterOf(search);
  const linked = linkedRef(search);
  const s = useSnapshot(triage.state);
  const m = useSnapshot(triage.list.state);
  const listRef = useRef<HTMLDivElement | null>(null);
  const editFormRef = useRef<HTMLFormElement | null>(null);
  const kind: RefKind = where ? TRIAGE_KINDS[where.segment] : 'card';

  useEffect(() => {
    setActiveView(CRAWL_TRIAGE_VIEW, { model: triage.list, resource: 'crawlRef' });
    triage.list.attach({
      focusList: () => listRef.current?.focus(),
      focusSearch: () => undefined,
      submitForm: () => editFormRef.current?.requestSubmit(),
    });
    // Another screen or a bulk call changed the counts: show them. Another reviewer claimed or
    // let go a ref of this kind (the live stream): the rows say who is reviewing what.
    const stop = onTouched((touched, _op, _output, remote) => {
      if (touched.includes('crawlSource')) void triage.refreshSource();
      if (remote && touched.includes(`${triage.state.kind}Ref`)) triage.refreshClaims();
    });
    return () => {
      stop();
      triage.list.attach(null);
      triage.leaveQueue();
      setActiveView(null);
    };
  }, []);

  useEffect(() => {
    if (where) void triage.showQueue(kind, where.source, filter, linked);
    if (!linked.edit) listRef.current?.focus({ preventScroll: true });
  }, [kind, where?.source, filter, linked.focus, linked.edit]); // eslint-disable-line react-hooks/exhaustive-deps -- the URL's values, not the objects holding them (new each render)

  if (!where) return null;
  const refs = s.refs as AnyRef[];
  const highlighted = refs.findIndex((r) => r.id === m.cursor);
  const counts = s.source?.counts[kind];
  const focused = s.focus ? (refs.find((r) => r.id === s.focus!.refId) ?? null) : null;
  const base = triagePath(where.segment, where.source);

  const list = (
    <>
      <div className="list-head">
        <div className="triage-crumbs">
          <nav aria-label="Breadcrumb">
            <AppLink to="/crawl-data">Crawl review</AppLink>
          </nav>
          <span aria-hidden>/</span>
          {/* The page's heading: the source under review. */}
          <h1>{s.source?.name ?? (s.status === 'failed' ? `Source ${where.source}` : '…')}</h1>
        </div>
        <div className="triage-kinds" role="tablist" aria-label="Kind">
          {SEGMENTS.map((seg) => (
            <AppLink
              key={seg}
              role="tab"
              aria-selected={seg === where.segment}
              className={seg === where.segment ? 'triage-tab is-active' : 'triage-tab'}
              to={withState(triagePath(seg, where.source), filter)}
            >
              {KIND_LABEL[TRIAGE_KINDS[seg]]}
              {s.source && <span className="count">{s.source.counts[TRIAGE_KINDS[seg]].new}</span>}
            </AppLink>
          ))}
        </div>
        <div className="triage-tabs" role="tablist" aria-label="State">
          {filtersFor(kind).map((f) => (
            <AppLink
              key={f}
              role="tab"
              aria-selected={f === filter}
              className={f === filter ? 'triage-tab is-active' : 'triage-tab'}
              to={withState(base, f)}
            >
              {f === 'all' ? 'All' : STATE_LABEL[f]}
              {counts && f !== 'all' && <span className="count">{counts[f]}</span>}
            </AppLink>
          ))}
        </div>
      </div>
      <VirtualList
        items={refs}
        getKey={(r) => r.id}
        label={`Crawled ${KIND_LABEL[kind].toLowerCase()}`}
        highlighted={highlighted}
        listRef={listRef}
        rowHeight={ROW_HEIGHT}
        isChecked={kind === 'offer' ? (r) => (r as OfferRef).checked : (r) => !!s.checked[r.id]}
        onCheck={(r, _i, extend) =>
          void runCommand(extend ? 'list.extendSelect' : 'list.toggleSelect', 'pointer', r.id)
        }
        onRowClick={(r) => void runCommand('list.open', 'pointer', r.id)}
        renderRow={(r) => <RefRow r={r} pending={!!s.pending[r.id]} />}
        footer={
          s.status === 'loading' ? (
            <div className="vlist-status">Loading…</div>
          ) : s.status === 'failed' ? (
            <div className="vlist-status" role="alert">
              {s.error}
            </div>
          ) : s.status === 'ready' && !refs.length ? (
            <div className="vlist-status">
              {filter === 'new'
                ? `No new ${KIND_LABEL[kind].toLowerCase()} left to review.`
                : `No ${KIND_LABEL[kind].toLowerCase()} ${filter === 'all' ? 'in this source' : `in state ${STATE_LABEL[filter as RefState].toLowerCase()}`}.`}
            </div>
          ) : null
        }
      />
    </>
  );

  return (
    <>
      <SplitPane
        list={list}
        pane={
          focused && s.focus ? (
            <RefPane
              r={focused}
              focus={s.focus as Focus}
              kind={kind}
              history={s.history as History | null}
              editing={s.editing as OfferEditState | null}
              formRef={editFormRef}
            />
          ) : (
            <NothingOpen kind={kind} status={s.status} error={s.error} />
          )
        }
        paneOpen={!!focused}
      />
      {kind === 'card' && <CardDialogs />}
    </>
  );
}
