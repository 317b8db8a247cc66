import type { ReactNode } from 'react';
import './SplitPane.css';

/** List on the left, the open record on the right; the pane collapses when nothing is open. */
export function SplitPane({ list, pane, paneOpen }: { list: ReactNode; pane: ReactNode; paneOpen: boolean }) {
  return (
    <div className={paneOpen ? 'split is-open' : 'split'}>
      <section className="split-list">{list}</section>
      <section className="split-pane">{pane}</section>
    </div>
  );
}
