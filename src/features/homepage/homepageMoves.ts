// Moving the homepage's rows (a part of ./homepageModel.ts). Moves are optimistic: each list
// keeps the server's order (`confirmed`) and the moves not yet answered (`queued`, sent one
// after another, so the server applies them in the order they were made); the rows shown are
// the server's order with the queued moves applied on top. An answer (the list's whole new
// order) replaces the server's order; a refusal drops its move, which puts the row back, and
// goes up to the command runner, which toasts it.
import type { Order } from '@contract/resource';
import type { HomepageCore } from './homepageCore';
import { titleOf, type Answer, type HomepageTab } from './homepageTypes';

export function createHomepageMoves(core: HomepageCore) {
  const { api, state, list, queued, line, cursor, findItem, currentItem, render, applyOrder } = core;

  /** Whether a row can be moved now (it exists; its list is loaded). */
  const canMove = (tab: HomepageTab = state.tab, id: number | null = list.state.cursor) =>
    id !== null && state.lists[tab].status === 'ready' && !!findItem(id, tab);

  /**
   * Move a row to a 1-based position (past the end: last). Shown at once; resolves to the
   * server's answer (undefined when nothing moved); rejects after putting the row back.
   */
  function moveItem(tab: HomepageTab, id: number, to: number): Promise<Answer<Order> | undefined> {
    const rows = state.lists[tab].items;
    const from = rows.findIndex((r) => r.id === id);
    if (from < 0 || !Number.isInteger(to)) return Promise.resolve(undefined);
    const target = Math.max(1, Math.min(to, rows.length));
    if (target === from + 1) return Promise.resolve(undefined);
    const move = { id, to: target };
    queued[tab].push(move);
    state.saved[tab] = false;
    render(tab);
    state.announcement = `${titleOf(rows[from])} moved to position ${target} of ${rows.length}.`;

    const a = api;
    const done = line[tab].then(() => a.move(tab, id, target));
    line[tab] = done.catch(() => undefined);
    return done.then(
      (answer) => {
        queued[tab] = queued[tab].filter((m) => m !== move);
        applyOrder(tab, answer.data);
        render(tab);
        state.saved[tab] = queued[tab].length === 0;
        return answer;
      },
      (e: unknown) => {
        queued[tab] = queued[tab].filter((m) => m !== move);
        render(tab);
        const back = findItem(id, tab);
        if (back) state.announcement = `${titleOf(back)} is back at position ${back.position}.`;
        throw e;
      },
    );
  }

  /** Alt+↑ / Alt+↓: the highlighted row one place up or down. */
  function moveBy(delta: 1 | -1): Promise<Answer<Order> | undefined> {
    const tab = state.tab;
    const row = currentItem();
    if (!row) return Promise.resolve(undefined);
    return moveItem(tab, row.id, row.position + delta);
  }

  function setDragging(on: boolean) {
    state.dragging = on;
    const id = list.state.cursor;
    if (id !== null) cursor.setMode(on ? 'edit' : 'view', id);
  }

  return { canMove, moveItem, moveBy, setDragging };
}
