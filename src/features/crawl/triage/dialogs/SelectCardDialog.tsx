import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useSnapshot } from 'valtio';
import type { Card } from '@contract/card';
import type { Candidate, CardRef } from '@contract/crawl';
import { runCommand } from '@/commands/runner';
import { triage, cardDialogs } from '../model';
import { Kbd } from '@/ui/Kbd';
import { Modal } from '@/ui/Modal';
import { Badge, formatMoney } from '@/ui/bits';
import { useCombobox } from '@/ui/useCombobox';
import { useCardSearch } from './useCardSearch';
import { formatNumber } from '@/lib/format';

interface Hit {
  id: number;
  title: string;
  subtitle: string;
  /** A ranked candidate's similarity (shown first while nothing is typed). */
  score?: number;
  hidden?: boolean;
}

const ROW_HEIGHT = 48;
const PAGE_KEYS = 8;

const cardHit = (c: Card): Hit => ({
  id: c.id,
  title: c.name,
  subtitle: [c.bank_name, c.network_type, formatMoney(c.annual_fee)].join(' · '),
  hidden: !c.display,
});
const candidateHit = (c: Candidate): Hit => ({ id: c.id, title: c.title, subtitle: c.subtitle, score: c.score });

/**
 * The select card dialog (shift+a): live cards searched on the server, in a virtualized list;
 * ↑/↓ move, Enter assigns the crawled card in focus, or every checked one, to the card picked.
 * While nothing is typed the focused ref's ranked candidates lead the list.
 */
export function SelectCardDialog() {
  const d = useSnapshot(cardDialogs.state);
  const t = useSnapshot(triage.state);
  const open = d.open === 'select';
  const ref = open ? (t.refs.find((r) => r.id === d.refId) as CardRef | undefined) : undefined;
  const checked = open ? triage.checkedRefs().length : 0;
  const candidates = !checked && ref && t.focus?.refId === ref.id ? (t.focus.candidates as Candidate[]) : [];
  const title = checked
    ? `Select a card for ${checked} checked ref${checked === 1 ? '' : 's'}`
    : `Select a card for ${ref?.name ?? 'the ref'}`;
  return (
    <Modal
      open={open}
      title={title}
      onClose={cardDialogs.closeCardDialog}
      className="modal-medium"
      onFocusLost={() => triage.list.focusList()}
    >
      {open && (
        <CardPicker key={d.refId ?? 0} candidates={candidates} assignedId={checked ? null : (ref?.card_id ?? null)} />
      )}
    </Modal>
  );
}

function CardPicker({ candidates, assignedId }: { candidates: readonly Candidate[]; assignedId: number | null }) {
  const [text, setText] = useState('');
  const search = useCardSearch(text.trim());
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const typed = text.trim() !== '';
  const lead = typed ? [] : candidates.map(candidateHit);
  const leadIds = new Set(lead.map((h) => h.id));
  const rows = [...lead, ...search.cards.filter((c) => !leadIds.has(c.id)).map(cardHit)];

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (i) => rows[i].id,
  });
  const pick = (h: Hit | undefined) => {
    if (h) void runCommand('crawl.triage.assignToCard', 'button', { id: h.id, title: h.title });
  };
  const combo = useCombobox<Hit>({
    items: rows,
    text,
    onTextChange: setText,
    keyOf: (h) => h.id,
    onPick: pick,
    alwaysOpen: true,
    wrap: false,
    page: PAGE_KEYS,
  });
  const { active, setActive } = combo;
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;
  const { loadMore } = search;

  // New words, new list: back to its top.
  useEffect(() => setActive(0), [search.query, setActive]);
  useEffect(() => {
    if (rows.length) virtualizer.scrollToIndex(Math.min(active, rows.length - 1), { align: 'auto' });
  }, [active, rows.length, virtualizer]);
  useEffect(() => {
    if (lastShown >= rows.length - 10) loadMore();
  }, [lastShown, rows.length, loadMore]);

  const count =
    search.status === 'failed'
      ? 'Could not load the cards. Type to try again.'
      : search.status === 'loading' && !rows.length
        ? 'Searching…'
        : search.query
          ? `${formatNumber(search.total)} live card${search.total === 1 ? '' : 's'} matching “${search.query}”`
          : `${lead.length ? `${lead.length} ranked candidates first, then ` : ''}all ${formatNumber(search.total)} live cards by name`;

  return (
    <>
      <div className="modal-body select-card">
        <input
          {...combo.inputProps}
          className="input"
          type="text"
          data-autofocus
          aria-label="Search live cards"
          placeholder="Search live cards by name, bank or network…"
        />
        <div className="select-card-count muted" aria-live="polite">
          {count}
        </div>
        <div ref={scrollRef} id={combo.listId} className="select-card-list" role="listbox" aria-label="Live cards">
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((row) => {
              const h = rows[row.index];
              return (
                <div
                  key={row.key}
                  {...combo.optionProps(h, row.index)}
                  className={row.index === active ? 'select-card-row is-active' : 'select-card-row'}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: row.size,
                    transform: `translateY(${row.start}px)`,
                  }}
                >
                  <span className="select-card-title">{h.title}</span>
                  <span className="select-card-tags">
                    {h.id === assignedId && <Badge tone="on">Assigned</Badge>}
                    {h.score !== undefined && <Badge tone="accent">{Math.round(h.score * 100)}% match</Badge>}
                    {h.hidden && <Badge>Hidden</Badge>}
                  </span>
                  <span className="select-card-sub">{h.subtitle}</span>
                </div>
              );
            })}
          </div>
          {search.status === 'ready' && !rows.length && (
            <div className="vlist-status">
              {search.query ? `No live card matches “${search.query}”.` : 'No live cards yet.'}
            </div>
          )}
        </div>
      </div>
      <div className="modal-actions">
        <span className="select-card-keys muted">
          <Kbd shortcut="arrowup, arrowdown" /> move <Kbd shortcut="enter" /> assign
        </span>
        <span className="spacer" />
        <button type="button" className="btn" onClick={cardDialogs.closeCardDialog}>
          Cancel <Kbd shortcut="escape" />
        </button>
      </div>
    </>
  );
}
