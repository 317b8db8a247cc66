import type { ReactNode } from 'react';
import './SplitPane.css';

/**
 * List on the left, the open record on the right; the pane collapses when nothing is open.
 * `wide`: nothing is open or picked, so the list takes the whole width (as a table).
 */
export function SplitPane({
  list,
  pane,
  paneOpen,
  wide = false,
}: {
  list: ReactNode;
  pane: ReactNode;
  paneOpen: boolean;
  wide?: boolean;
}) {
  return (
    <div className={`split${paneOpen ? ' is-open' : ''}${wide ? ' is-wide' : ''}`}>
      <section className="split-list">{list}</section>
      <section className="split-pane">{pane}</section>
    </div>
  );
}
