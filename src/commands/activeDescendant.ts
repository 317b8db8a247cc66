// The palette's input and list point at the highlighted row (aria-activedescendant), so a
// screen reader hears which row Enter will run. cmdk 1.1.1 writes that id only when it picks
// a row itself: with the highlighted row held by the palette (a controlled value), or the same
// row coming back in another group as the search changes (a recent command found by typing),
// it kept naming a row that was gone, an id no element had. cmdk marks the highlighted row
// right (aria-selected), and spreads our props before its own id: so the DOM is put right
// after each change, here.

const ROW = '[cmdk-item][aria-selected="true"]';

/** Keeps `list`'s and its input's aria-activedescendant on the highlighted row; returns the stop. */
export function followHighlightedRow(list: HTMLElement): () => void {
  const root = list.closest('[cmdk-root]') ?? list.parentElement ?? list;
  const sync = () => {
    const id = list.querySelector(ROW)?.id || null;
    for (const el of [list, root.querySelector<HTMLElement>('[cmdk-input]')]) {
      if (!el || el.getAttribute('aria-activedescendant') === id) continue;
      if (id) el.setAttribute('aria-activedescendant', id);
      else el.removeAttribute('aria-activedescendant');
    }
  };
  sync();
  const watch = new MutationObserver(sync);
  watch.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-selected', 'aria-activedescendant'],
  });
  return () => watch.disconnect();
}
