import type { ReactNode } from 'react';
import { CommandButton } from '@/commands/CommandButton';
import { Kbd } from '@/ui/Kbd';
import { withArticle } from '@/lib/words';
import { PaneBack } from './PaneBack';
import { formatNumber } from '@/lib/format';

// The parts of a list screen's right-hand pane and its list's footer (src/screens/ResourceListView.tsx).

/** An open record's pane (its view or form): title, actions and Close; `note` a line under them (who else has it open). */
export function Pane({
  title,
  actions,
  note,
  children,
}: {
  title: string;
  actions?: ReactNode;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="pane">
      <header className="pane-head">
        <PaneBack />
        <h2>{title}</h2>
        {actions}
        <span className="pane-close">
          <CommandButton id="list.close" label="Close" variant="ghost" />
        </span>
        {note}
      </header>
      <div className="pane-body">{children}</div>
    </div>
  );
}

/** With records picked and nothing open, the pane is about the selection. */
export function SelectionPane({
  title,
  names,
  more,
  actions,
}: {
  title: string;
  names: { id: number; label: string }[];
  more: number;
  actions?: ReactNode;
}) {
  return (
    <div className="pane">
      <header className="pane-head">
        <h2>{title}</h2>
      </header>
      <div className="pane-body selection-pane">
        {actions && <div className="selection-pane-actions">{actions}</div>}
        <ul className="selection-pane-names">
          {names.map((n) => (
            <li key={n.id}>{n.label}</li>
          ))}
          {more > 0 && <li className="muted">and {formatNumber(more)} more</li>}
        </ul>
        <p className="muted selection-pane-keys">
          <Kbd shortcut="x" /> picks or unpicks the highlighted row, <Kbd shortcut="shift+x" /> picks a range,{' '}
          <Kbd shortcut="mod+a" /> picks every loaded row and, pressed again, every matching one,{' '}
          <Kbd shortcut="escape" /> lets go.
        </p>
      </div>
    </div>
  );
}

/** Nothing open and nothing picked: which keys do what. */
export function EmptyPane({ one, canAdd }: { one: string; canAdd: boolean }) {
  return (
    <div className="empty pane-empty">
      <p>Select {withArticle(one)} to see it here.</p>
      <div className="pane-empty-keys muted">
        <Kbd shortcut="j, k" /> <span>move</span>
        <Kbd shortcut="enter" /> <span>open</span>
        {canAdd && (
          <>
            <Kbd shortcut="e" /> <span>edit</span>
            <Kbd shortcut="n" /> <span>new {one}</span>
          </>
        )}
        <Kbd shortcut="x" /> <span>select (⇧ for a range)</span>
        <Kbd shortcut="/" /> <span>search</span>
        <Kbd shortcut="mod+k" /> <span>all commands</span>
      </div>
    </div>
  );
}

/** Under the rows: loading, a failure with Retry, or why the list is empty. */
export function ListFooter(p: {
  status: string;
  searching: boolean;
  empty: boolean;
  error: string | null;
  emptyText: string;
  onRetry: () => void;
}) {
  if (p.status === 'loading')
    return <div className="vlist-status">{p.searching ? 'Searching…' : p.empty ? 'Loading…' : 'Loading more…'}</div>;
  if (p.status === 'failed') {
    return (
      <div className="vlist-status" role="alert">
        {p.error ?? 'Failed to fetch data.'}{' '}
        <button type="button" className="btn btn-ghost" onClick={p.onRetry}>
          Retry
        </button>
      </div>
    );
  }
  if (p.status === 'succeeded' && p.empty) return <div className="vlist-status">{p.emptyText}</div>;
  return null;
}
