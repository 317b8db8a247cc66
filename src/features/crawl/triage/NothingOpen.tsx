import type { RefKind } from '@contract/crawl';
import { AppLink } from '@/ui/AppLink';
import { Kbd } from '@/ui/Kbd';

/** The pane while no ref is open: the queue's keys, or why the queue could not be read. */
export function NothingOpen({ kind, status, error }: { kind: RefKind; status: string; error: string | null }) {
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
