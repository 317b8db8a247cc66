// A crawled ref's decisions (crawl.history), newest first: in the triage pane (closed by
// default, so the candidates stay the pane's business) and in the card detail dialog.
import type { Decision } from '@contract/crawl';
import type { History } from './triageTypes';
import { formatDateTime } from '@/lib/format';

const ACTION_LABEL: Record<Decision['action'], string> = {
  assign: 'Assigned',
  create: 'Created',
  skip: 'Skipped',
  discontinue: 'Marked discontinued',
  not_discontinue: 'Marked not discontinued',
  update: 'Updated',
};

/** What was decided, by whom and when; undone ones struck through. */
export function DecisionList({ history }: { history: History | null }) {
  const items = history?.items ?? [];
  if (history?.status === 'failed') return <p className="muted">Could not load the history.</p>;
  if (!items.length) return <p className="muted">{history?.status === 'ready' ? 'No decisions yet.' : 'Loading…'}</p>;
  return (
    <ol className="triage-decisions">
      {items.map((d) => (
        <li key={d.id} className={d.undone_at ? 'is-undone' : undefined}>
          <span className="triage-history-action">{ACTION_LABEL[d.action]}</span>
          <span className="muted">
            {d.made_by_name ?? 'someone'} · {formatDateTime(d.made_at)}
          </span>
          {d.undone_at && (
            <span className="triage-history-undone" title={`Undone ${formatDateTime(d.undone_at)}`}>
              undone
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

export function RefHistory({ history }: { history: History | null }) {
  const items = history?.items ?? [];
  return (
    <details className="triage-history">
      <summary>
        History
        <span className="count">{history?.status === 'loading' && !items.length ? '…' : items.length}</span>
      </summary>
      <DecisionList history={history} />
    </details>
  );
}
