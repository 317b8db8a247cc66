// The offers table as the offers screen draws it with nothing open (src/screens/ResourceListView.tsx,
// wide): VirtualList, the offers screen's columns and head, a pick box per row, over synthetic
// loaded offers. `?mode=plain` is the baseline: the same head, rows and cells, every row in the
// DOM (no virtualization). bench/browser.ts scrolls it with window.benchScroll.
import { useEffect, useState, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import type { Offer } from '@contract/offer';
import { VirtualList } from '../../src/ui/VirtualList';
import { offerScreen } from '../../src/features/catalogue/offers/screen';
import { columnsOf, gridOf } from '../../src/screens/listTable/columns';
import { TableCells, TableHead } from '../../src/screens/listTable/TableHead';
import '../../src/ui/base.css';
import '../../src/ui/SplitPane.css';

const params = new URLSearchParams(location.search);
const MODE = params.get('mode') === 'plain' ? 'plain' : 'virtual';
const ROWS = Number(params.get('rows') ?? 100_000);

const MERCHANTS = [
  'Starbucks',
  'Carrefour',
  'Costa Coffee',
  'Paul',
  'Tim Hortons',
  'VOX Cinemas',
  'Sharaf DG',
  'Talabat',
  'Noon',
  'Deliveroo',
  'Caribou Coffee',
  'Joe & The Juice',
];
const BANKS = [
  'Emirates NBD',
  'Mashreq',
  'ADCB',
  'FAB',
  'Emirates Islamic',
  'RAKBANK',
  'HSBC UAE',
  'Dubai Islamic Bank',
];
const CATEGORIES = ['Dining', 'Shopping', 'Entertainment', 'Travel', 'Groceries', null];
const STATES: Offer['state'][] = ['live', 'live', 'upcoming', 'expired'];
const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

/** Offers as the list call answers them, deterministic. */
function makeOffers(n: number): Offer[] {
  const out: Offer[] = [];
  for (let i = 0; i < n; i++) {
    const banks = BANKS.slice(i % BANKS.length, (i % BANKS.length) + 1 + (i % 3));
    const merchants = MERCHANTS.slice(i % MERCHANTS.length, (i % MERCHANTS.length) + 1 + (i % 4));
    const from = (i * 7) % 700;
    out.push({
      id: n - i,
      title: `${(i % 5) * 5 + 10}% off at ${merchants[0]} with ${banks[0]} cards #${i}`,
      description: null,
      discount: `${(i % 5) * 5 + 10}% off`,
      valid_from: day(from),
      valid_to: day(from + 30 + (i % 300)),
      terms: null,
      image: null,
      category_id: i % 6,
      category_name: CATEGORIES[i % CATEGORIES.length],
      card_ids: [i % 40, (i % 40) + 1],
      outlet_ids: [i % 900],
      bank_names: banks,
      merchant_names: merchants,
      from_source: i % 2 ? 'crawl_adcb' : 'manual',
      state: STATES[i % STATES.length],
      version: 1,
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      updated_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    });
  }
  return out;
}

// The columns shown by default (ResourceListView with no column chosen).
const columns = columnsOf(offerScreen).filter((c, i) => i === 0 || !c.optional);
const grid = { '--vtable-grid': gridOf(columns) } as CSSProperties;
const started = performance.now();
const items = makeOffers(ROWS);

function Table() {
  const [sort, setSort] = useState('-created_at');
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [cursor, setCursor] = useState(-1);
  // Mounted and painted: the end of the first frame after React's first commit.
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(() => (window.benchMounted = performance.now() - started)));
  }, []);
  const head = <TableHead columns={columns} sort={sort} onSort={setSort} />;
  const pick = (id: number) =>
    setPicked((p) => {
      const next = new Set(p);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  if (MODE === 'plain') {
    return (
      <div className="vlist is-table" style={grid} role="listbox" aria-label="Offers" tabIndex={0}>
        {head}
        {items.map((r, i) => (
          <div
            key={r.id}
            role="option"
            aria-selected={i === cursor}
            className={`vlist-row${i === cursor ? ' is-highlighted' : ''}`}
            style={{ height: 34 }}
            onClick={() => setCursor(i)}
          >
            <span
              className={picked.has(r.id) ? 'vlist-check is-on' : 'vlist-check'}
              aria-hidden
              onClick={() => pick(r.id)}
            />
            <TableCells columns={columns} row={r} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <VirtualList
      items={items}
      getKey={(r) => r.id}
      label="Offers"
      total={items.length}
      highlighted={cursor}
      rowHeight={34}
      className="is-table"
      style={grid}
      table={{ head, columns: columns.length }}
      isChecked={(r) => picked.has(r.id)}
      onCheck={(r) => pick(r.id)}
      onRowClick={(_r, i) => setCursor(i)}
      renderRow={(r) => <TableCells columns={columns} row={r} />}
    />
  );
}

declare global {
  interface Window {
    /** Scrolls the table by `step` px in every frame for `ms`; the gaps between frames, in ms. */
    benchScroll: (step: number, ms: number) => Promise<number[]>;
    benchMounted: number;
  }
}

window.benchScroll = (step, ms) =>
  new Promise((resolve) => {
    const list = document.querySelector<HTMLElement>('.vlist')!;
    // Read once: reading the list's geometry in every frame would force a layout of its own.
    const bottom = list.scrollHeight - list.clientHeight;
    let at = list.scrollTop;
    const gaps: number[] = [];
    let last = 0;
    const end = performance.now() + ms;
    const frame = (t: number) => {
      if (last) gaps.push(t - last);
      last = t;
      if (t > end) return resolve(gaps);
      // Back to the top at the bottom, so a long run keeps scrolling.
      at = at + step > bottom ? 0 : at + step;
      list.scrollTop = at;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });

createRoot(document.getElementById('root')!).render(
  <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
    <Table />
  </div>,
);
