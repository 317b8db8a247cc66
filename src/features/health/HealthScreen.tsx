import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { HealthCandidate, HealthRow } from '@contract/health';
import type { PresenceUser } from '@contract/presence';
import { HEALTH_QUEUES, healthNoun, healthQueue, type HealthQueueDef } from '@contract/healthQueues';
import { CommandButton } from '@/commands/CommandButton';
import { runCommand } from '@/commands/runner';
import { presence } from '@/store/presence';
import { setActiveView } from '@/store/ui';
import { AppLink } from '@/ui/AppLink';
import { DiffTable } from '@/ui/DiffTable';
import { Kbd } from '@/ui/Kbd';
import { SplitPane } from '@/ui/SplitPane';
import { VirtualList } from '@/ui/VirtualList';
import { Badge, orDash } from '@/ui/bits';
import { PaneBack } from '@/screens/PaneBack';
import { PresenceFaces } from '@/screens/PresenceNote';
import { formatNumber } from '@/lib/format';
import {
  activateHealth,
  health,
  healthList,
  loadQueue,
  queuePath,
  rowRecord,
  workingLabel,
  HEALTH_PATH,
} from './healthModel';
import { HEALTH_VIEW } from './entry';
import './health.css';

const ROW_HEIGHT = 44;
/**
 * The highlighted row is announced once it rests this long: j held down passes rows nobody is
 * working, and each announcement is a write and a message to every open app.
 */
const HOLD_AFTER_MS = 400;

/** '/health-queues/ending' → 'ending'; '/health-queues' → null. */
const queueOf = (path: string) => /^\/health-queues\/([A-Za-z]+)\/?$/.exec(path)?.[1] ?? null;

/**
 * The catalogue health queues: each queue's count on the left above the rows of the one shown,
 * the highlighted row on the right with why it is there and its fixes, each a key.
 */
export default function HealthScreen() {
  const [path] = useLocation();
  const s = useSnapshot(health);
  const m = useSnapshot(healthList.state);
  const listRef = useRef<HTMLDivElement | null>(null);
  const asked = queueOf(path);
  // /health-queues: the first queue with rows in it (the counts say which), else the first.
  const shown =
    (asked && healthQueue(asked)?.id) ||
    (s.counts ? (HEALTH_QUEUES.find((q) => s.counts![q.id] > 0) ?? HEALTH_QUEUES[0]).id : null);
  const queue = shown ? healthQueue(shown)! : undefined;

  useEffect(() => {
    const stop = activateHealth();
    setActiveView(HEALTH_VIEW, { model: healthList, resource: 'health' });
    healthList.attach({
      focusList: () => listRef.current?.focus(),
      focusSearch: () => undefined,
      submitForm: () => undefined,
    });
    return () => {
      stop();
      healthList.attach(null);
      setActiveView(null);
    };
  }, []);

  useEffect(() => {
    if (!shown) return;
    void loadQueue(shown);
    listRef.current?.focus({ preventScroll: true });
  }, [shown]);

  const rows = s.queue === shown ? (s.rows as HealthRow[]) : [];
  const highlighted = rows.findIndex((r) => r.id === m.cursor);
  const current = highlighted >= 0 ? rows[highlighted] : undefined;
  const checked = rows.filter((r) => s.checked[r.id]).length;
  const { byRecord } = useSnapshot(presence.state);
  const othersOn = (r: HealthRow): readonly PresenceUser[] => {
    const rec = rowRecord(queue, r);
    return rec ? presence.others(rec.resource, rec.id, byRecord) : [];
  };
  const working = current ? rowRecord(queue, current) : null;
  const workingResource = working?.resource;
  const workingId = working?.id;

  // Who is working which row: every record's presence while the screen shows.
  useEffect(() => presence.watch(), []);
  // The row highlighted here is one this admin is working: others see it marked.
  useEffect(() => {
    if (!workingResource || !workingId) return;
    let release: (() => void) | null = null;
    const wait = setTimeout(() => (release = presence.hold(workingResource, workingId, 'viewing')), HOLD_AFTER_MS);
    return () => {
      clearTimeout(wait);
      release?.();
    };
  }, [workingResource, workingId]);

  const list = (
    <>
      <div className="list-head">
        <div className="list-title">
          <h1>Catalogue health</h1>
        </div>
        <nav className="health-queues" aria-label="Queues">
          {HEALTH_QUEUES.map((q, i) => {
            const n = s.counts?.[q.id];
            return (
              <AppLink
                key={q.id}
                className={q.id === shown ? 'health-queue is-active' : 'health-queue'}
                aria-current={q.id === shown ? 'page' : undefined}
                to={queuePath(q.id)}
              >
                {i < 10 && <Kbd shortcut={String((i + 1) % 10)} />}
                <span>{q.title}</span>
                <span className={n ? 'count is-some' : 'count'}>{n === undefined ? '…' : formatNumber(n)}</span>
              </AppLink>
            );
          })}
        </nav>
        {queue && <p className="health-about">{queue.description}</p>}
        <div className="list-meta">
          <div className="list-count" aria-live="polite">
            {s.status === 'ready' && queue
              ? `${healthNoun(queue.entity, s.total)}${s.more ? `, the first ${rows.length} shown` : ''}${checked ? ` · ${checked} checked` : ''}`
              : '\u00a0'}
          </div>
        </div>
      </div>
      <VirtualList
        items={rows}
        getKey={(r) => r.id}
        label={queue?.title ?? 'Queue'}
        highlighted={highlighted}
        listRef={listRef}
        rowHeight={ROW_HEIGHT}
        isChecked={(r) => !!s.checked[r.id]}
        onCheck={(r, _i, extend) =>
          void runCommand(extend ? 'list.extendSelect' : 'list.toggleSelect', 'pointer', r.id)
        }
        onRowClick={(r) => void runCommand('list.open', 'pointer', r.id)}
        renderRow={(r) => <Row r={r} others={othersOn(r)} />}
        footer={
          s.status === 'loading' && !rows.length ? (
            <div className="vlist-status">Loading…</div>
          ) : s.status === 'failed' ? (
            <div className="vlist-status" role="alert">
              {s.error}
            </div>
          ) : s.status === 'ready' && !rows.length ? (
            <div className="vlist-status">Nothing in this queue: all fixed.</div>
          ) : null
        }
      />
    </>
  );

  return (
    <SplitPane
      list={list}
      pane={
        current && queue ? (
          <RowPane
            r={current}
            queue={queue}
            checked={checked}
            candidates={s.candidates?.offerId === current.id ? s.candidates : null}
            others={othersOn(current)}
          />
        ) : (
          <NothingOpen />
        )
      }
      paneOpen={!!current && m.shown}
    />
  );
}

function Row({ r, others }: { r: HealthRow; others: readonly PresenceUser[] }) {
  const label = workingLabel(others);
  return (
    <div className="rec-row">
      <div className="rec-line">
        <span className="rec-title">{r.title}</span>
        <span className="health-row-reason" title={r.reason}>
          <Badge tone="warn">{r.reason}</Badge>
        </span>
      </div>
      <div className="rec-meta">
        <span className="rec-ellipsis">{r.detail ?? '\u00a0'}</span>
        {/* On the second line: the title keeps its width beside a long reason. */}
        {label && (
          <span
            className={`health-working${others.some((u) => u.mode === 'editing') ? ' is-editing' : ''}`}
            title={label}
          >
            <PresenceFaces users={others} />
            <span className="visually-hidden">{label}</span>
          </span>
        )}
      </div>
    </div>
  );
}

interface Shown {
  kind: 'card' | 'outlet';
  list: readonly Readonly<Omit<HealthCandidate, 'why'> & { why: readonly string[] }>[];
}

function RowPane({
  r,
  queue,
  checked,
  candidates,
  others,
}: {
  r: HealthRow;
  queue: HealthQueueDef;
  checked: number;
  candidates: Shown | null;
  others: readonly PresenceUser[];
}) {
  const working = workingLabel(others);
  return (
    <div className="pane" aria-label={r.title}>
      <header className="pane-head keeps-keys">
        <PaneBack />
        <h2>{r.title}</h2>
        <CommandButton
          id="list.open"
          label={`Open ${queue.entity === 'link' ? 'record' : queue.entity}`}
          variant="ghost"
        />
        {working && (
          <p className="pane-presence" role="status">
            <span className={`pane-presence-badge${others.some((u) => u.mode === 'editing') ? ' is-editing' : ''}`}>
              <PresenceFaces users={others} />
              {working}
            </span>
          </p>
        )}
      </header>
      <div className="pane-body">
        <p className="health-reason">{r.reason}</p>
        {queue.fixes.length ? (
          <div className="health-fixes" role="group" aria-label="Fixes">
            {queue.fixes.map((f) => (
              <CommandButton
                key={f.id}
                id={`health.key.${f.key}`}
                label={checked > 1 ? `${f.title} (${checked})` : f.title}
              />
            ))}
          </div>
        ) : (
          <p className="muted">No fix here: open the {queue.entity} (Enter) and complete it.</p>
        )}
        {candidates && <Candidates shown={candidates} />}
        {r.other ? (
          <PairFacts r={r} other={r.other} />
        ) : (
          <dl className="props">
            {Object.entries(r.facts ?? {}).map(([k, v]) => (
              <FactRow key={k} label={k} value={v} />
            ))}
          </dl>
        )}
        <div className="pane-empty-keys muted health-keys">
          <Kbd shortcut="j, k" /> <span>move</span>
          <Kbd shortcut="x" /> <span>check</span>
          <Kbd shortcut="enter" /> <span>open the {queue.entity === 'link' ? 'record' : queue.entity}</span>
          <Kbd shortcut="mod+z" /> <span>undo the last fix</span>
        </div>
      </div>
    </div>
  );
}

/** The ranked candidates of the `l` fix, each linked by its digit. */
function Candidates({ shown }: { shown: Shown }) {
  const label = `${shown.kind === 'card' ? 'Cards' : 'Outlets'} to link`;
  return (
    <section className="health-candidates" aria-label={label}>
      <h3>{label}</h3>
      {shown.list.length ? (
        <ol>
          {shown.list.map((c, i) => (
            <li key={c.id}>
              <CommandButton id={`health.queue${i + 1}`} label={c.title} variant="ghost" />
              <span className="muted">{c.subtitle}</span>
              {c.why.map((w) => (
                <Badge key={w} tone="on">
                  {w}
                </Badge>
              ))}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">None ranks: open the offer (Enter) to link one by hand.</p>
      )}
    </section>
  );
}

/** A pair queue's row: the older record (left) and this one (right), field by field, the differing ones marked. */
function PairFacts({ r, other }: { r: HealthRow; other: NonNullable<HealthRow['other']> }) {
  const { factsError } = useSnapshot(health);
  const heads = ['Field', `Left #${other.id}`, `Right #${r.id}`] as const;
  const title = { field: 'Title', left: other.title, right: r.title };
  // Past a page's first rows the facts come a moment after the row (healthModel.ts readFacts).
  if (!r.facts || !other.facts)
    return (
      <section className="health-pair" aria-label="The two records" aria-busy={!factsError}>
        <DiffTable heads={heads} rows={[title]} />
        <p className="muted health-differs" role="status">
          {factsError ? `${factsError} Move on and back to try again.` : 'Reading both records…'}
        </p>
      </section>
    );
  const [left, right] = [other.facts, r.facts];
  const fields = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  const differ = fields.filter((f) => (left[f] ?? null) !== (right[f] ?? null));
  return (
    <section className="health-pair" aria-label="The two records">
      <DiffTable
        heads={heads}
        rows={[
          title,
          ...fields
            .filter((f) => f !== 'Title')
            .map((f) => ({ field: f, left: left[f] ?? null, right: right[f] ?? null })),
        ]}
      />
      <p className="muted health-differs">
        {differ.length ? `Differs in ${differ.join(', ').toLowerCase()}.` : 'Every field the same.'}
      </p>
    </section>
  );
}

function FactRow({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{orDash(value)}</dd>
    </>
  );
}

function NothingOpen() {
  return (
    <div className="empty pane-empty">
      <p>Pick a row to see why it is here and how to fix it.</p>
      <p>
        <AppLink to={HEALTH_PATH}>All queues</AppLink>
      </p>
    </div>
  );
}
