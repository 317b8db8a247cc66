// The palette's baseline (bench/browser.ts): cmdk as it comes, its own filtering and sorting
// over 50,000 items, in a dialog opened by Ctrl+K and styled by the app's palette CSS. Records
// come the way ours do (150 ms after typing pauses, two characters or more), from a file
// holding our server's answer to the same query, and join the list as more items.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Command } from 'cmdk';
import '../../src/ui/base.css';
import '../../src/commands/Palette.css';

interface Hit {
  type: string;
  id: number;
  title: string;
  subtitle: string;
}

const params = new URLSearchParams(location.search);
const COUNT = Number(params.get('items') ?? 50_000);
/** The titles of our real commands, which the bench types from: every one is among the items. */
const TITLES: string[] = JSON.parse(params.get('titles') ?? '[]');

const VERBS = [
  'Edit',
  'Open',
  'Find',
  'Delete',
  'Assign',
  'Rollback',
  'Show',
  'Filter',
  'Export',
  'Move',
  'Onboard',
  'Duplicate',
  'Archive',
  'Review',
];
const NOUNS = [
  'card',
  'offer',
  'outlet',
  'bank',
  'banner',
  'category',
  'crawl ref',
  'user',
  'area',
  'city',
  'network',
  'welcome box',
  'page',
];
const NAMES = [
  'Starbucks',
  'Carrefour',
  'Emirates NBD',
  'Mashreq',
  'ADCB',
  'Dubai Mall',
  'Talabat',
  'Noon',
  'Costa Coffee',
  'Marina Walk',
  'Visa Platinum',
  'Mall of the Emirates',
  'Paul',
  'Tim Hortons',
  'VOX Cinemas',
  'Deliveroo',
  'Sharaf DG',
  'Jumeirah',
  'Al Barsha',
  'Deira',
];

/** 50,000 command-like titles: ours first, then verb × noun × name × number, deterministic. */
const ITEMS = [...TITLES];
for (let i = 0; ITEMS.length < COUNT; i++)
  ITEMS.push(`${VERBS[i % VERBS.length]} ${NOUNS[(i >> 2) % NOUNS.length]} ${NAMES[(i >> 4) % NAMES.length]} #${i}`);

function Palette() {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [records, setRecords] = useState<Hit[]>([]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'k' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        setOpen((o) => !o);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const q = search.trim();
    if (q.length < 2) return setRecords([]);
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetch(`./search.json?query=${encodeURIComponent(q)}`, { signal: abort.signal })
        .then((r) => r.json() as Promise<{ data: Hit[] }>)
        .then(
          (r) => setRecords(r.data),
          () => undefined,
        );
    }, 150);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [search]);

  return (
    <Command.Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setSearch('');
      }}
      label="Command palette"
      overlayClassName="palette-overlay"
      contentClassName="palette"
    >
      <Command.Input value={search} onValueChange={setSearch} placeholder="Type a command or search…" />
      <Command.List>
        <Command.Empty>No results.</Command.Empty>
        {ITEMS.map((t) => (
          <Command.Item key={t} value={t}>
            <span className="palette-title">{t}</span>
          </Command.Item>
        ))}
        {/* The server matched them already: shown whatever cmdk's own scoring says. */}
        {records.map((h) => (
          <Command.Item key={`${h.type}:${h.id}`} value={`record:${h.type}:${h.id}`} forceMount>
            <span className="palette-title">{h.title}</span>
            <span className="palette-sub">{h.subtitle}</span>
          </Command.Item>
        ))}
      </Command.List>
    </Command.Dialog>
  );
}

createRoot(document.getElementById('root')!).render(<Palette />);
