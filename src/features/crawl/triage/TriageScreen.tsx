import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import {
  REF_STATES,
  type Candidate,
  type CardRef,
  type OfferRef,
  type OutletRef,
  type RefKind,
  type RefState,
} from '@contract/crawl';
import { CommandButton } from '@/commands/CommandButton';
import { runCommand } from '@/commands/runner';
import { triagePath } from '../crawlSources';
import { triageApi } from './triageApi';
import {
  heldByOther,
  leaveQueue,
  refreshSource,
  showQueue,
  triageList,
  triageState,
  setTriageApi,
  type AnyRef,
  type Focus,
  type History,
  type OfferEditState,
  type RefFilter,
} from './triageModel';
import { setActiveView } from '@/store/ui';
import { onTouched } from '@/api/call';
import { AppLink } from '@/ui/AppLink';
import { Kbd } from '@/ui/Kbd';
import { Loader } from '@/ui/Loader';
import { SplitPane } from '@/ui/SplitPane';
import { VirtualList } from '@/ui/VirtualList';
import { Badge, formatMoney, orDash, type Tone } from '@/ui/bits';
import { FormActions, textOrNull } from '@/ui/formParts';
import { Field } from '@/ui/Field';
import { DateField } from '@/ui/DateField';
import { TextAreaField } from '@/ui/FormFields';
import { KIND_LABEL, STATE_LABEL } from '../counts';
import { LiveOutlets } from '../LiveOutlets';
import { countOf } from '@/lib/words';
import { OfferRefTail, validity } from '../offerRefFacts';
import { CRAWL_TRIAGE_VIEW, TRIAGE_KINDS, type TriageSegment } from './entry';
import { filtersFor, withState } from './links';
import { RefHistory } from './RefHistory';
import { PaneBack } from '@/screens/PaneBack';
import { CardDialogs } from './dialogs/CardDialogs';
import '../crawl.css';

setTriageApi(triageApi);

const ROW_HEIGHT = 44;
const SEGMENTS = Object.keys(TRIAGE_KINDS) as TriageSegment[];
const STATE_TONE: Record<RefState, Tone> = {
  new: 'accent',
  assigned: 'on',
  created: 'on',
  onboarded: 'on',
  skipped: 'off',
  discontinued: 'warn',
};

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

export const refTitle = (r: AnyRef) =>
  'name' in r
    ? r.name
    : 'merchant_name' in r
      ? r.branch
        ? `${r.merchant_name} — ${r.branch}`
        : r.merchant_name
      : r.title;

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
  const s = useSnapshot(triageState);
  const m = useSnapshot(triageList.state);
  const listRef = useRef<HTMLDivElement | null>(null);
  const editFormRef = useRef<HTMLFormElement | null>(null);
  const kind: RefKind = where ? TRIAGE_KINDS[where.segment] : 'card';

  useEffect(() => {
    setActiveView(CRAWL_TRIAGE_VIEW, { model: triageList, resource: 'crawlRef' });
    triageList.attach({
      focusList: () => listRef.current?.focus(),
      focusSearch: () => undefined,
      submitForm: () => editFormRef.current?.requestSubmit(),
    });
    // Another screen or a bulk call changed the counts: show them.
    const stop = onTouched((touched) => touched.includes('crawlSource') && void refreshSource());
    return () => {
      stop();
      triageList.attach(null);
      leaveQueue();
      setActiveView(null);
    };
  }, []);

  useEffect(() => {
    if (where) void showQueue(kind, where.source, filter, linked);
    if (!linked.edit) listRef.current?.focus({ preventScroll: true });
  }, [kind, where?.source, filter, linked.focus, linked.edit]); // eslint-disable-line react-hooks/exhaustive-deps

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

function RefRow({ r, pending }: { r: AnyRef; pending: boolean }) {
  const meta: (string | null)[] =
    'name' in r
      ? [r.network, r.annual_fee === null ? null : formatMoney(r.annual_fee), r.card_name ? `→ ${r.card_name}` : null]
      : 'merchant_name' in r
        ? [r.area_name, r.address]
        : [
            r.discount,
            r.card_names.join(', ') || null,
            r.outlet_names.length ? countOf(r.outlet_names.length, 'outlet') : null,
          ];
  return (
    <div className="rec-row">
      <div className="rec-line">
        <span className="rec-title">{refTitle(r)}</span>
        <span className="state-pill" style={{ marginLeft: 'auto', opacity: pending ? 0.6 : 1 }}>
          <Badge tone={STATE_TONE[r.state]}>{pending ? `${STATE_LABEL[r.state]}…` : STATE_LABEL[r.state]}</Badge>
        </span>
      </div>
      <div className="rec-meta">
        {heldByOther(r) && r.state === 'new' && (
          <span className="triage-held">Being reviewed by {r.claimed_by_name ?? 'another reviewer'}</span>
        )}
        <span className="rec-ellipsis">{meta.filter(Boolean).join(' · ') || '\u00a0'}</span>
      </div>
    </div>
  );
}

interface RefPaneProps {
  r: AnyRef;
  focus: Focus;
  kind: RefKind;
  history: History | null;
  editing: OfferEditState | null;
  formRef: RefObject<HTMLFormElement | null>;
}

function RefPane({ r, focus, kind, history, editing, formRef }: RefPaneProps) {
  const isNew = r.state === 'new';
  if (editing && editing.refId === r.id && 'title' in r)
    return <OfferEditPane r={r} editing={editing} formRef={formRef} />;
  return (
    <div className="pane">
      <header className="pane-head">
        <PaneBack />
        <h2>{refTitle(r)}</h2>
        <Badge tone={STATE_TONE[r.state]}>{STATE_LABEL[r.state]}</Badge>
        {kind !== 'offer' && <CommandButton id="crawl.triage.create" label="Create" />}
        {kind === 'offer' && <CommandButton id="crawl.triage.editOffer" label="Edit" />}
        {'card_id' in r && r.card_id !== null && (
          <CommandButton id="crawl.triage.discontinue" label="Discontinued" variant="ghost" />
        )}
        {'card_id' in r && r.card_id !== null && (
          <CommandButton id="crawl.triage.notDiscontinued" label="Not discontinued" variant="ghost" />
        )}
        <CommandButton id="crawl.triage.skip" label="Skip" />
        <CommandButton id="crawl.triage.undo" label="Undo" variant="ghost" />
      </header>
      <div className="pane-body triage-ref">
        {focus.status === 'taken' && (
          <div className="triage-notice is-warn" role="alert">
            <p>{focus.message ?? 'Another reviewer has this ref open.'}</p>
            <CommandButton id="list.next" label="Move on" />
          </div>
        )}
        {focus.status === 'failed' && (
          <div className="triage-notice is-warn" role="alert">
            <p>{focus.message}</p>
            <button type="button" className="btn" onClick={() => void runCommand('list.open', 'button', r.id)}>
              Retry
            </button>
          </div>
        )}
        {!isNew && focus.status !== 'taken' && (
          <div className="triage-notice">
            <p>
              Decided: {STATE_LABEL[r.state].toLowerCase()}
              {'card_name' in r && r.card_name ? ` — ${r.card_name}` : ''}.
            </p>
            <span className="muted">
              <Kbd shortcut="u" /> undoes the last decision made here
            </span>
          </div>
        )}
        <RefFields r={r} />
        {kind === 'card' && (
          <div className="triage-tools" role="group" aria-label="Card dialogs">
            <CommandButton id="crawl.triage.cardDetail" label="Detail" />
            <CommandButton id="crawl.triage.selectCard" label="Select card…" />
            <CommandButton id="crawl.triage.createCardDialog" label="Create with fields…" />
          </div>
        )}
        {kind !== 'offer' && <Candidates focus={focus} disabled={!isNew} noun={kind} />}
        {kind === 'offer' && (
          <p className="muted">
            Offers go live by source: <Kbd shortcut="x" /> checks this one for “Onboard checked offers”; the palette
            onboards the whole source.
          </p>
        )}
        <RefHistory history={history?.refId === r.id ? history : null} />
      </div>
    </div>
  );
}

function RefFields({ r }: { r: AnyRef }) {
  if ('name' in r) return <CardFields r={r} />;
  if ('merchant_name' in r) return <OutletFields r={r} />;
  return <OfferFields r={r} />;
}

function CardFields({ r }: { r: CardRef }) {
  return (
    <dl className="props">
      <dt>Bank</dt>
      <dd>{orDash(r.bank_name)}</dd>
      <dt>Network</dt>
      <dd>{orDash(r.network)}</dd>
      <dt>Annual fee</dt>
      <dd>{orDash(formatMoney(r.annual_fee))}</dd>
      <dt>Benefits</dt>
      <dd className="rec-text">{orDash(r.benefits)}</dd>
      {r.card_id !== null && (
        <>
          <dt>Live card</dt>
          <dd>
            <AppLink to={`/view-card/${r.card_id}`}>{r.card_name ?? `Card ${r.card_id}`}</AppLink>
          </dd>
          <dt>Status confirmed</dt>
          <dd>{r.confirmed_status ?? <span className="muted">Not yet (d: discontinued, ⇧d: not)</span>}</dd>
        </>
      )}
      <dt>Key</dt>
      <dd className="mono">{r.source_key}</dd>
    </dl>
  );
}

function OutletFields({ r }: { r: OutletRef }) {
  return (
    <dl className="props">
      <dt>Merchant</dt>
      <dd>{r.merchant_name}</dd>
      <dt>Branch</dt>
      <dd>{orDash(r.branch)}</dd>
      <dt>Area</dt>
      <dd>{orDash(r.area_name)}</dd>
      <dt>Address</dt>
      <dd>{orDash(r.address)}</dd>
      <dt>Location</dt>
      <dd className="mono">
        {r.latitude !== null && r.longitude !== null
          ? `${r.latitude.toFixed(5)}, ${r.longitude.toFixed(5)}`
          : orDash(null)}
      </dd>
      {r.outlet_ids.length > 0 && (
        <>
          <dt>Live outlets</dt>
          <dd>
            <LiveOutlets ids={r.outlet_ids} />
          </dd>
        </>
      )}
      <dt>Key</dt>
      <dd className="mono">{r.source_key}</dd>
    </dl>
  );
}

function OfferFields({ r }: { r: OfferRef }) {
  return (
    <dl className="props">
      <dt>Discount</dt>
      <dd>{orDash(r.discount)}</dd>
      <dt>Valid</dt>
      <dd>{orDash(validity(r))}</dd>
      <dt>Cards</dt>
      <dd className="triage-chips">
        {r.card_names.length
          ? r.card_names.map((n) => (
              <Badge key={n} tone={r.card_ref_ids.length ? 'accent' : 'off'}>
                {n}
              </Badge>
            ))
          : orDash(null)}
        {r.card_names.length > 0 && <span className="muted">{r.card_ref_ids.length} resolved to crawled cards</span>}
      </dd>
      <dt>Outlets</dt>
      <dd className="triage-chips">
        {r.outlet_names.length ? r.outlet_names.map((n, i) => <Badge key={`${n}-${i}`}>{n}</Badge>) : orDash(null)}
        {r.outlet_names.length > 0 && (
          <span className="muted">{r.outlet_ref_ids.length} resolved to crawled outlets</span>
        )}
      </dd>
      <OfferRefTail r={r} />
    </dl>
  );
}

function Candidates({ focus, disabled, noun }: { focus: Focus; disabled: boolean; noun: RefKind }) {
  if (focus.status === 'loading') return <Loader />;
  if (focus.status !== 'ready') return null;
  return (
    <section aria-label="Candidates">
      <h3 className="triage-section-head">
        Live {noun}s ranked <span className="muted">· number keys assign</span>
      </h3>
      {focus.candidates.length === 0 ? (
        <p className="muted">
          No live {noun} looks like this one. <Kbd shortcut="c" /> creates one from it.
        </p>
      ) : (
        <ol className="candidates">
          {focus.candidates.map((c, i) => (
            <li key={c.id}>
              <CandidateRow c={c} n={i + 1} disabled={disabled} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function CandidateRow({ c, n, disabled }: { c: Candidate; n: number; disabled: boolean }) {
  const diffs = Object.entries(c.differs);
  const pct = Math.round(c.score * 100);
  const about = useId();
  // The name is the visible title and score (a name of its own would not say what is seen,
  // which speech control needs); the subtitle and the differing fields are its description.
  return (
    <button
      type="button"
      className={c.score >= 0.999 ? 'candidate is-exact' : 'candidate'}
      disabled={disabled || n > 9}
      onClick={() => void runCommand(`crawl.triage.assign${n}`, 'button')}
      aria-describedby={about}
    >
      {n <= 9 ? <Kbd shortcut={String(n)} /> : <span />}
      <span className="candidate-title">
        <span className="visually-hidden">Assign to </span>
        {c.title}
      </span>
      <span className="candidate-score">
        <span className="crawl-progress" aria-hidden>
          <span style={{ width: `${pct}%` }} />
        </span>
        {pct}%<span className="visually-hidden"> match</span>
      </span>
      <span className="candidate-sub" id={about} aria-hidden>
        {c.subtitle}
        {diffs.length === 0 && ' · same fields'}
        {diffs.length > 0 && (
          <span className="visually-hidden">
            ; differs in{' '}
            {diffs
              .map(
                ([field, [crawled, live]]) =>
                  `${field.replace(/_/g, ' ')}: crawled ${crawled ?? 'none'}, live ${live ?? 'none'}`,
              )
              .join('; ')}
          </span>
        )}
      </span>
      {diffs.length > 0 && (
        <dl className="candidate-diffs" aria-hidden>
          <dt className="diff-head">Differs</dt>
          <dd className="diff-head">Crawled</dd>
          <dd className="diff-head">Live</dd>
          {diffs.map(([field, [crawled, live]]) => (
            <div key={field} style={{ display: 'contents' }}>
              <dt>{field.replace(/_/g, ' ')}</dt>
              <dd className="diff-crawled" title={crawled ?? ''}>
                {crawled ?? '—'}
              </dd>
              <dd className="diff-live" title={live ?? ''}>
                {live ?? '—'}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </button>
  );
}

function NothingOpen({ kind, status, error }: { kind: RefKind; status: string; error: string | null }) {
  // The queue could not be read (a source that does not exist): this pane says so too, rather
  // than waiting for refs that will not come.
  if (status === 'failed') {
    return (
      <div className="empty pane-empty">
        <p role="alert">{error}</p>
        <AppLink to="/crawl-data">Back to crawl review</AppLink>
      </div>
    );
  }
  const done = status === 'ready';
  return (
    <div className="empty pane-empty">
      <p>{done ? `Pick a crawled ${kind} to review it.` : 'Loading…'}</p>
      <div className="pane-empty-keys muted">
        <Kbd shortcut="j, k" /> <span>next / previous</span>
        {kind !== 'offer' && (
          <>
            <Kbd shortcut="1" /> <span>assign the nth candidate (a: the top one)</span>
            <Kbd shortcut="c" /> <span>create a live {kind}</span>
          </>
        )}
        <Kbd shortcut="s" /> <span>skip</span>
        <Kbd shortcut="x" />{' '}
        <span>
          {kind === 'offer'
            ? 'check (⇧ for a range)'
            : 'check (⇧ for a range), then “Assign checked refs to…” in the palette'}
        </span>
        <Kbd shortcut="u" /> <span>undo</span>
        {kind === 'card' && (
          <>
            <Kbd shortcut="i" /> <span>card detail (⇧A select a card, ⇧C create one with its fields)</span>
          </>
        )}
        <Kbd shortcut="t, f" /> <span>next kind, next state (⇧ back)</span>
      </div>
    </div>
  );
}

const EDIT_FIELDS = ['title', 'discount', 'valid_from', 'valid_to', 'terms'] as const;

/**
 * The offer ref's fields, corrected before onboarding. mod+enter saves (crawl.triage.saveOffer
 * submits this form), Escape cancels; the server's field errors stay beside their fields.
 */
function OfferEditPane({
  r,
  editing,
  formRef,
}: {
  r: OfferRef;
  editing: OfferEditState;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const [v, setV] = useState(() => ({
    title: r.title,
    discount: r.discount ?? '',
    valid_from: r.valid_from ?? '',
    valid_to: r.valid_to ?? '',
    terms: r.terms ?? '',
  }));
  // Opened by e or a link: typing starts in the title.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), [formRef]);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));
  const err = editing.errors;
  const other = Object.entries(err).filter(([k]) => !(EDIT_FIELDS as readonly string[]).includes(k));

  function submit(e: FormEvent) {
    e.preventDefault();
    void runCommand('crawl.triage.saveOfferFields', 'button', {
      title: v.title.trim(),
      discount: textOrNull(v.discount),
      valid_from: v.valid_from || null,
      valid_to: v.valid_to || null,
      terms: textOrNull(v.terms),
    });
  }

  return (
    <div className="pane">
      <header className="pane-head">
        <PaneBack />
        <h2>Edit {r.title}</h2>
      </header>
      <div className="pane-body">
        <form
          ref={formRef}
          className="pane-form"
          onSubmit={submit}
          noValidate
          aria-label={`Edit crawled offer ${r.title}`}
        >
          {other.length > 0 && (
            <div className="alert" role="alert">
              {other.map(([k, text]) => (
                <div key={k}>{text}</div>
              ))}
            </div>
          )}
          <Field label="Title" value={v.title} onChange={set('title')} error={err.title} />
          <Field
            label="Discount"
            value={v.discount}
            onChange={set('discount')}
            error={err.discount}
            hint="As the site words it, e.g. 15% off"
          />
          <div className="field-pair">
            <DateField
              label="Valid from"
              value={v.valid_from}
              onChange={(d) => setV((x) => ({ ...x, valid_from: d }))}
              error={err.valid_from}
            />
            <DateField
              label="Valid to"
              value={v.valid_to}
              onChange={(d) => setV((x) => ({ ...x, valid_to: d }))}
              error={err.valid_to}
            />
          </div>
          <TextAreaField label="Terms" value={v.terms} onChange={set('terms')} error={err.terms} rows={5} />
          <FormActions
            saving={editing.saving}
            createLabel="Save"
            editing
            onCancel={() => void runCommand('list.close', 'button')}
          />
        </form>
      </div>
    </div>
  );
}
