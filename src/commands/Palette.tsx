import { returnFocus } from '../ui/focusReturn';
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { Command as Cmdk, useCommandState } from 'cmdk';
import { useSnapshot } from 'valtio';
import type { SearchHit } from '@contract/search';
import { errorText } from '../api/errorText';
import { ApiError } from '../api/client';
import { isSearchType, searchRecords } from '../api/search';
import { closePalette, ui } from '../store/ui';
import { Kbd } from '../ui/Kbd';
import { toast } from '../ui/toast';
import { currentCtx } from './ctx';
import { frecencies, recentCommands, usageBoost } from './frecency';
import { matchScore, parseQuery, type Prepared, type Query } from './match';
import { actionOf, paletteRows, rowScore, wordsOf, type Tier } from './rank';
import { RECORD_TYPES, recentRecords, rememberRecord } from './records';
import { followHighlightedRow } from './activeDescendant';
import { actionCommand, getCommand, getVersion, registerLaterCommands, subscribe } from './registry';
import { runCommand } from './runner';
import type { Command, PickItem } from './types';
import { runs } from './usage';
import './Palette.css';
import { formatNumber } from '@/lib/format';

/** A fresh map of the rows that are records, for one opening or page of the palette. */
const hitsOf = (_page: string) => new Map<string, SearchHit>();

/** How long typing must pause before a record search goes out. */
const SEARCH_DEBOUNCE_MS = 150;
/** Records per type on the root page; a type's "Find …" page shows more. */
const ROOT_LIMIT = 5;
/** Row values: records found by typing, recently opened records, "more of this type". */
const RECORD = 'record:';
const RECENT = 'recent:';
const MORE = 'more:';
const TYPE_RANK = new Map(RECORD_TYPES.map((t, i) => [t.type, i]));

/** What the filter needs of each command row, by its value: its words, where it lives, how much it is used. */
interface RowMeta {
  words: Prepared;
  tier: Tier;
  usage: number;
}
let rows = new Map<string, RowMeta>();
/** This admin's use of commands and records (./frecency.ts), read once per opening. */
let used = new Map<string, number>();

/**
 * The rows' scores for what is typed now. cmdk scores every row again whenever a row comes or
 * goes, with the same search: records arriving would rank every command again, in the time
 * between the answer and its frame.
 */
let scored: { search: string; query: Query; scores: Map<string, number> } = {
  search: '',
  query: parseQuery(''),
  scores: new Map(),
};

/**
 * Commands ranked by the matcher (./match.ts: words in any order, aliases, one typo) with the
 * boosts of ./rank.ts. Records come from the server already matched: they always show, below
 * any matching command, their groups in RECORD_TYPES order and their rows in the server's order
 * but for those this admin opens often, which go up their group.
 */
function filter(value: string, search: string): number {
  if (value.startsWith(RECORD) || value.startsWith(MORE)) {
    const type = value.split(':')[1];
    const base = 0.002 - (TYPE_RANK.get(type as SearchHit['type']) ?? 9) * 0.0001;
    return value.startsWith(MORE) ? base - 0.00005 : base + 0.00004 * usageBoost(used.get(value));
  }
  if (value.startsWith(RECENT)) return 0; // shown only while nothing is typed
  if (scored.search !== search) scored = { search, query: parseQuery(search), scores: new Map() };
  let score = scored.scores.get(value);
  if (score === undefined) {
    const row = rows.get(value);
    score = row ? rowScore(matchScore(scored.query, row.words), row.tier, row.usage) : 0;
    scored.scores.set(value, score);
  }
  return score;
}

const recordValue = (prefix: string, h: Pick<SearchHit, 'type' | 'id'>) => `${prefix}${h.type}:${h.id}`;

/** Enter opens a record's view, Cmd/Ctrl+Enter its edit form. */
function openRecord(hit: SearchHit, mode: 'view' | 'edit') {
  closePalette();
  runCommand(mode === 'edit' ? 'record.edit' : 'record.open', 'palette', hit);
}

/** Rows that are records tell the palette which record they are (for Cmd/Ctrl+Enter). */
const HitsCtx = createContext<Map<string, SearchHit>>(new Map());
const SelectionCtx = createContext<() => void>(() => undefined);

/** Cmd/Ctrl+K: the commands of the active scopes, records as you type, and a page per command that needs an argument. */
export function Palette() {
  const snap = useSnapshot(ui);
  useSyncExternalStore(subscribe, getVersion);
  const [search, setSearch] = useState('');
  const page = snap.palettePage ? getCommand(snap.palettePage) : undefined;

  // Closed (a command ran, or Escape): the keys go back to where they were.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !snap.paletteOpen) returnFocus();
    wasOpen.current = snap.paletteOpen;
    // Opened before the browser was idle enough to fetch every screen's commands: fetch them now.
    if (snap.paletteOpen) void registerLaterCommands();
  }, [snap.paletteOpen]);

  // Every opening and every page starts with an empty input, unless a row carries the search
  // over ("All matching cards…" opens "Find card…" with what was typed). Set in the render that
  // shows the new page, not in an effect after it: a key typed in between would otherwise land
  // after the reset and bring the last page's text to the new one.
  const [carried, setCarried] = useState('');
  const shown = `${snap.paletteOpen}:${snap.palettePage}`;
  const [shownPage, setShownPage] = useState(shown);
  if (shownPage !== shown) {
    setShownPage(shown);
    setSearch(carried);
    setCarried('');
  }

  // The highlighted row, held here so that results arriving late (from the API) keep it when
  // it is still there and take it when it vanished; otherwise Enter would do nothing.
  const [value, setValue] = useState('');
  const valueRef = useRef(value);
  valueRef.current = value;
  const listRef = useRef<HTMLDivElement>(null);
  const listElement = useCallback((el: HTMLDivElement | null) => {
    listRef.current = el;
    if (!el) return;
    const stop = followHighlightedRow(el);
    return () => {
      stop();
      listRef.current = null;
    };
  }, []);
  const keepSelection = useCallback(() => {
    const list = listRef.current;
    const current = valueRef.current;
    if (!list || (current && list.querySelector(`[cmdk-item][data-value="${CSS.escape(current)}"]`))) return;
    // cmdk has sorted the rows by now: the first one in the list is the best match.
    const first = list.querySelector('[cmdk-item]:not([data-disabled="true"])')?.getAttribute('data-value');
    if (first) setValue(first);
  }, []);
  // A new opening or page: the row highlighted last time may be gone (a record opened, another page).
  useEffect(() => {
    if (!snap.paletteOpen) return;
    const frame = requestAnimationFrame(keepSelection);
    return () => cancelAnimationFrame(frame);
  }, [snap.paletteOpen, snap.palettePage, keepSelection]);
  // Which rows are records, per opening and page (a page's keys are only unique on that page).
  const hits = useMemo(() => hitsOf(`${snap.paletteOpen}:${snap.palettePage}`), [snap.paletteOpen, snap.palettePage]);

  // Stable, so that the command rows (memoized) keep their props while typing.
  const openPage = useCallback((cmd: Command, keep = '') => {
    setCarried(keep);
    ui.palettePage = cmd.id;
  }, []);

  const choose = useCallback(
    async (chosen: Command) => {
      let cmd = chosen;
      // A command of another screen named by the manifest: its screen's commands first.
      const action = actionOf(chosen);
      if (action) {
        const real = await actionCommand(action).catch(() => undefined);
        if (!real)
          return void toast.error(`“${chosen.title}” could not be loaded. Check the connection and try again.`);
        if (action.arg !== undefined) {
          closePalette();
          return void runCommand(real.id, 'palette', action.arg);
        }
        cmd = real;
      }
      const ctx = currentCtx();
      if (cmd.pick && cmd.pick.fromContext?.(ctx) === undefined) return openPage(cmd);
      closePalette();
      runCommand(cmd.id, 'palette');
    },
    [openPage],
  );

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || !(e.metaKey || e.ctrlKey) || e.nativeEvent.isComposing) return;
    const hit = hits.get(valueRef.current);
    if (!hit) return;
    e.preventDefault(); // cmdk skips its own Enter
    openRecord(hit, 'edit');
  };

  const selected = hits.has(value) ? 'record' : value ? 'command' : null;

  return (
    <Cmdk.Dialog
      open={snap.paletteOpen}
      onOpenChange={(open) => (open ? (ui.paletteOpen = true) : closePalette())}
      label="Command palette"
      shouldFilter={!page}
      filter={filter}
      value={value}
      onValueChange={setValue}
      onKeyDown={onKeyDown}
      loop
      overlayClassName="palette-overlay"
      contentClassName="palette"
    >
      {page && (
        <div className="palette-crumb">
          <button
            type="button"
            className="palette-back"
            onClick={() => (ui.palettePage = null)}
            aria-label="Back to all commands"
          >
            ←
          </button>
          <span>{page.title.replace(/…$/, '')}</span>
        </div>
      )}
      <Cmdk.Input
        value={search}
        onValueChange={setSearch}
        placeholder={page?.pick?.placeholder ?? 'Type a command or search…'}
        onKeyDown={(e) => {
          // Backspace on an empty input leaves the page, like a breadcrumb.
          if (e.key === 'Backspace' && !search && page) {
            e.preventDefault();
            ui.palettePage = null;
          }
        }}
      />
      <Cmdk.List ref={listElement}>
        <SelectionCtx.Provider value={keepSelection}>
          <HitsCtx.Provider value={hits}>
            {page?.pick ? (
              <PickResults command={page} search={search} />
            ) : (
              snap.paletteOpen && <RootPage search={search} onChoose={choose} onMore={openPage} />
            )}
          </HitsCtx.Provider>
        </SelectionCtx.Provider>
        {/* Last: its layout effect runs after the rows' own, which give them their data-value. */}
        <OrderRows listRef={listRef} />
      </Cmdk.List>
      <ResultsAnnouncer listRef={listRef} search={search} page={snap.palettePage} />
      {snap.paletteOpen && (
        <div className="palette-foot" aria-hidden>
          {selected === 'record' ? (
            <>
              <span>
                <Kbd shortcut="enter" /> open
              </span>
              <span>
                <Kbd shortcut="mod+enter" /> edit
              </span>
            </>
          ) : (
            selected && (
              <span>
                <Kbd shortcut="enter" /> {page ? 'choose' : 'run'}
              </span>
            )
          )}
          <span className="palette-foot-end">
            <Kbd shortcut="escape" /> close
          </span>
        </div>
      )}
    </Cmdk.Dialog>
  );
}

/**
 * Says how many rows answer what was typed, once typing pauses (screen readers hear the
 * highlighted row from cmdk, but not that the list changed under it).
 */
function ResultsAnnouncer({
  listRef,
  search,
  page,
}: {
  listRef: React.RefObject<HTMLDivElement | null>;
  search: string;
  page: string | null;
}) {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      const n = listRef.current?.querySelectorAll('[cmdk-item]').length ?? 0;
      setText(n === 0 ? 'No results' : `${n} ${n === 1 ? 'result' : 'results'}`);
    }, 500);
    return () => clearTimeout(timer);
  }, [listRef, search, page]);
  return (
    <div className="visually-hidden" aria-live="polite">
      {text}
    </div>
  );
}

/** After late results render, make sure some row is highlighted (the same one, if it is still there). */
function useKeepSelection(values: string[]) {
  const keep = useContext(SelectionCtx);
  const all = values.join('\n');
  useEffect(() => {
    if (all) keep();
  }, [keep, all]);
}

function RootPage({
  search,
  onChoose,
  onMore,
}: {
  search: string;
  onChoose: (cmd: Command) => void;
  onMore: (cmd: Command, keep: string) => void;
}) {
  const ctx = currentCtx();
  const version = getVersion();
  // Every command listed here: this screen's, the global ones, and those reachable from anywhere;
  // read once per opening and registry change, not per key.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the registry's version stands for what paletteRows reads
  const listed = useMemo(() => paletteRows(ctx), [version]);
  const commands = listed.map((r) => r.cmd);
  // Rows picked: what acts on them comes first, named with their count.
  const picked = ctx.list?.selectedCount() ?? 0;
  const onPicked = picked > 0 ? listed.filter((r) => r.cmd.selection && r.tier === 'screen') : [];
  const byId = new Map(commands.map((c) => [c.id, c]));
  const history = useMemo(() => {
    // A new opening: scores from the last one (other use, other rows) do not carry over.
    scored = { search: '', query: parseQuery(''), scores: new Map() };
    return runs();
  }, []);
  const use = useMemo(() => frecencies(history), [history]);
  used = use;
  // The filter's view of every row (a picked row under its count's title).
  rows = useMemo(
    () =>
      new Map(
        listed.map((r) => [
          rowValue(r.cmd),
          { words: wordsOf(r.cmd), tier: r.tier, usage: usageBoost(use.get(r.cmd.id)) },
        ]),
      ),
    [listed, use],
  );
  for (const r of onPicked)
    rows.set(rowValue(r.cmd, r.cmd.selection!(picked)), {
      words: wordsOf(r.cmd, r.cmd.selection!(picked)),
      tier: r.tier,
      usage: 1,
    });
  const typing = search.trim() !== '';
  // Recents first, while nothing is typed; typing ranks everything by match, in one list.
  const recent = typing ? [] : recentCommands(history).flatMap((id) => byId.get(id) ?? []);
  const recentRecs = typing ? [] : recentRecords();
  const pickedFirst = !typing && onPicked.length > 0;
  // The other commands: one flat list in their groups' order, each row naming its group. The
  // same rows whether or not something is typed, so a key only filters and orders them (cmdk
  // does, outside React): moving them into and out of groups would mount every row again.
  const rest = useMemo(() => {
    const groups = [...new Set(listed.map((r) => r.cmd.group))];
    return groups.flatMap((g) => listed.filter((r) => r.cmd.group === g));
  }, [listed]).filter((r) => !recent.includes(r.cmd) && !(pickedFirst && onPicked.includes(r)));

  // Records of every type answer once two characters are typed: one call for all types.
  const q = search.trim();
  const records = useDebouncedSearch(
    (text, signal) =>
      searchRecords(text, undefined, ROOT_LIMIT, signal).then((found) =>
        found.map((h) => ({ key: recordValue(RECORD, h), label: h.title, hint: h.subtitle, value: h })),
      ),
    q.length >= 2 ? q : '',
    'root',
  );
  useKeepSelection(records.items.map((i) => i.key));

  return (
    <>
      <Cmdk.Empty>{records.loading ? 'Searching…' : 'No matching command or record.'}</Cmdk.Empty>
      {pickedFirst && (
        <Cmdk.Group heading={`${formatNumber(picked)} selected`} value="group:selection">
          {onPicked.map((r) => (
            <CommandItem key={r.cmd.id} cmd={r.cmd} title={r.cmd.selection!(picked)} onChoose={onChoose} />
          ))}
        </Cmdk.Group>
      )}
      {recentRecs.length > 0 && (
        <Cmdk.Group heading="Recently opened" value="group:recent-records">
          {recentRecs.map((h) => (
            <RecordRow key={recordValue(RECENT, h)} value={recordValue(RECENT, h)} hit={h} showType />
          ))}
        </Cmdk.Group>
      )}
      {recent.length > 0 && (
        <Cmdk.Group heading="Recent commands" value="group:recent-commands">
          {recent.map((c) => (
            <CommandItem key={c.id} cmd={c} onChoose={onChoose} />
          ))}
        </Cmdk.Group>
      )}
      {/* Outside groups: cmdk orders these by score while something is typed, above the record groups. */}
      {rest.map((r) => (
        <CommandItem
          key={r.cmd.id}
          cmd={r.cmd}
          title={picked > 0 && r.cmd.selection && r.tier === 'screen' ? r.cmd.selection(picked) : r.cmd.title}
          onChoose={onChoose}
          showGroup
          elsewhere={r.tier === 'elsewhere'}
        />
      ))}
      {records.error && q.length >= 2 && (
        <div className="palette-note" role="alert">
          {records.error}
        </div>
      )}
      {RECORD_TYPES.map(({ type, heading }) => {
        const found = records.items.filter((i) => (i.value as SearchHit).type === type);
        if (found.length === 0) return null;
        // A full group may have more: its "Find …" page lists up to 20, with this search.
        const finder = found.length >= ROOT_LIMIT ? byId.get(`${type}.find`) : undefined;
        return (
          <Cmdk.Group key={type} heading={heading} value={`group:records-${type}`}>
            {found.map((item) => (
              <RecordRow key={item.key} value={item.key} hit={item.value as SearchHit} />
            ))}
            {finder && (
              <Cmdk.Item value={`${MORE}${type}`} onSelect={() => onMore(finder, q)}>
                <span className="palette-title palette-more-row">All matching {heading.toLowerCase()}…</span>
                <span className="palette-more" aria-hidden>
                  ›
                </span>
              </Cmdk.Item>
            )}
          </Cmdk.Group>
        );
      })}
    </>
  );
}

const TYPE_LABEL = Object.fromEntries(
  RECORD_TYPES.map((t) => [t.type, t.heading.replace(/ies$/, 'y').replace(/s$/, '')]),
);

// The rows are memoized: every key typed renders the palette again, and rendering each of its
// hundred-odd rows again (cmdk's items and our shortcut hints) took most of a keystroke's time
// while changing nothing. cmdk filters and orders the rows itself, outside React.

const RecordRow = memo(function RecordRow({
  value,
  hit,
  showType = false,
}: {
  value: string;
  hit: SearchHit;
  showType?: boolean;
}) {
  useContext(HitsCtx).set(value, hit);
  return (
    <Cmdk.Item value={value} onSelect={() => openRecord(hit, 'view')}>
      {showType && <span className="palette-type">{TYPE_LABEL[hit.type]}</span>}
      <span className="palette-title">{hit.title}</span>
      {hit.subtitle && <span className="palette-sub">{hit.subtitle}</span>}
    </Cmdk.Item>
  );
});

/**
 * Command rows that a longer word brings back (none matched "set valid t", two match "set valid
 * to") enter the DOM where React puts them, after cmdk has ordered the rows it showed, and cmdk
 * then highlights the first row in the DOM. Ordered again here, in the commit that shows them
 * and before cmdk's own layout effect (a parent's) highlights the first.
 */
function OrderRows({ listRef }: { listRef: RefObject<HTMLDivElement | null> }) {
  const search = useCommandState((s) => s.search);
  useLayoutEffect(() => {
    const sizer = listRef.current?.querySelector('[cmdk-list-sizer]');
    if (!search.trim() || !sizer) return;
    const kids = [...sizer.children];
    const items = kids.filter((k) => k.hasAttribute('cmdk-item'));
    const score = new Map(items.map((el) => [el, filter(el.getAttribute('data-value') ?? '', search)]));
    const sorted = [...items].sort((a, b) => score.get(b)! - score.get(a)!);
    if (sorted.every((el, i) => el === items[i])) return;
    // As cmdk orders them: the rows, then the groups after them.
    for (const el of sorted) sizer.appendChild(el);
    for (const el of kids) if (el.hasAttribute('cmdk-group')) sizer.appendChild(el);
  }, [search, listRef]);
  return null;
}

/** A command row's value: unique, and what the filter looks its words up by. */
const rowValue = (cmd: Command, title = cmd.title) => `${title} ${cmd.id}`;

/**
 * A command. `showGroup`: in the one ranked list while typing, its group says where it belongs.
 * `elsewhere`: another screen's, so its keys (bound on that screen only) are not shown.
 */
const CommandItem = memo(function CommandItem({
  cmd,
  title = cmd.title,
  onChoose,
  showGroup = false,
  elsewhere = false,
}: {
  cmd: Command;
  title?: string;
  onChoose: (cmd: Command) => void;
  showGroup?: boolean;
  elsewhere?: boolean;
}) {
  return (
    <Cmdk.Item value={rowValue(cmd, title)} onSelect={() => onChoose(cmd)}>
      <span className="palette-title">{title}</span>
      {showGroup && <span className="palette-group">{cmd.group}</span>}
      {cmd.pick && (
        <span className="palette-more" aria-hidden>
          ›
        </span>
      )}
      {cmd.shortcut && !elsewhere && <Kbd shortcut={cmd.shortcut} />}
    </Cmdk.Item>
  );
});

interface PickState {
  items: PickItem[];
  loading: boolean;
  error: string | null;
}

/**
 * A record search as you type: debounced, a newer search aborts the older one, and the last
 * answer stays on screen until the next lands (no flicker, the highlight can stay). An empty
 * search with `skipEmpty` asks nothing.
 */
function useDebouncedSearch(
  load: (search: string, signal: AbortSignal) => Promise<PickItem[]>,
  search: string,
  key: string,
  skipEmpty = true,
): PickState {
  const [state, setState] = useState<PickState>({ items: [], loading: !skipEmpty || search !== '', error: null });
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (skipEmpty && !search) {
      setState({ items: [], loading: false, error: null });
      return;
    }
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      loadRef.current(search.trim(), abort.signal).then(
        // Rendered at once: as an ordinary update it would wait for a task of React's
        // scheduler, which a frame can overtake, and the rows would show a frame later.
        (items) => !abort.signal.aborted && flushSync(() => setState({ items, loading: false, error: null })),
        (e: unknown) => {
          if (abort.signal.aborted || (e instanceof ApiError && e.aborted)) return;
          setState({
            items: [],
            loading: false,
            error: e instanceof ApiError ? errorText(e.method, e.body) : String(e),
          });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key, search, skipEmpty]);

  return state;
}

function PickResults({ command, search }: { command: Command; search: string }) {
  const state = useDebouncedSearch((q, signal) => command.pick!.load(q, signal), search, command.id, false);
  useKeepSelection(state.items.map((i) => i.key));
  // "Find card…" and the like pick records: remember them, and Cmd/Ctrl+Enter edits.
  const type = command.id.endsWith('.find') ? command.id.slice(0, -'.find'.length) : '';
  const hits = useContext(HitsCtx);
  return (
    <>
      {state.loading && state.items.length === 0 && <Cmdk.Loading>Searching…</Cmdk.Loading>}
      {state.error && (
        <div className="palette-note" role="alert">
          {state.error}
        </div>
      )}
      {!state.loading && !state.error && state.items.length === 0 && <div className="palette-note">Nothing found.</div>}
      {state.items.map((item) => {
        const id = (item.value as { id?: unknown } | null)?.id;
        const hit =
          isSearchType(type) && typeof id === 'number'
            ? { type, id, title: item.label, subtitle: item.hint ?? '' }
            : null;
        if (hit) hits.set(item.key, hit);
        return (
          <Cmdk.Item
            key={item.key}
            value={item.key}
            onSelect={() => {
              closePalette();
              if (hit) rememberRecord(hit);
              runCommand(command.id, 'palette', item.value);
            }}
          >
            <span className="palette-title">{item.label}</span>
            {item.hint && <span className="palette-sub">{item.hint}</span>}
          </Cmdk.Item>
        );
      })}
    </>
  );
}
