import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Command as Cmdk, defaultFilter } from 'cmdk';
import { useSnapshot } from 'valtio';
import { errorText } from '../api/errorText';
import { ApiError } from '../api/client';
import { searchRecords } from '../api/search';
import { closePalette, ui } from '../store/ui';
import { Kbd } from '../ui/Kbd';
import { currentCtx } from './ctx';
import { recentIds } from './recents';
import { available, getCommand, getVersion, subscribe } from './registry';
import { runCommand } from './runner';
import type { Command, PickItem } from './types';
import './Palette.css';

/** How long typing must pause before a record search goes out. */
const SEARCH_DEBOUNCE_MS = 150;
/** Records on the root page come from the server already filtered; they rank below matching commands. */
const RECORD = 'record:';
const ROOT_RECORDS = 5;
/** cmdk's fuzzy ranking, but every typed word must appear: "bank" should not find "keyboard shortcuts". */
function filter(value: string, search: string, keywords?: string[]): number {
  if (value.startsWith(RECORD)) return 0.001;
  const haystack = `${value} ${(keywords ?? []).join(' ')}`.toLowerCase();
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((w) => haystack.includes(w)) ? defaultFilter(value, search, keywords) : 0;
}

/** Cmd/Ctrl+K: the commands of the active scopes, and a page per command that needs an argument. */
export function Palette() {
  const snap = useSnapshot(ui);
  useSyncExternalStore(subscribe, getVersion);
  const [search, setSearch] = useState('');
  const page = snap.palettePage ? getCommand(snap.palettePage) : undefined;

  // Every opening and every page starts with an empty input.
  useEffect(() => setSearch(''), [snap.paletteOpen, snap.palettePage]);

  // The highlighted row, held here so that results arriving late (from the API) can take
  // the highlight when the old one vanished; otherwise Enter would do nothing.
  const [value, setValue] = useState('');
  const valueRef = useRef(value);
  valueRef.current = value;
  const listRef = useRef<HTMLDivElement>(null);
  const keepSelection = useCallback((first: string) => {
    const current = valueRef.current;
    const alive = current && listRef.current?.querySelector(`[cmdk-item][data-value="${CSS.escape(current)}"]`);
    if (!alive) setValue(first);
  }, []);

  const openPage = (cmd: Command) => {
    ui.palettePage = cmd.id;
  };

  const choose = (cmd: Command) => {
    const ctx = currentCtx();
    if (cmd.pick && cmd.pick.fromContext?.(ctx) === undefined) return openPage(cmd);
    closePalette();
    runCommand(cmd.id, 'palette');
  };

  return (
    <Cmdk.Dialog
      open={snap.paletteOpen}
      onOpenChange={(open) => (open ? (ui.paletteOpen = true) : closePalette())}
      label="Command palette"
      shouldFilter={!page}
      filter={filter}
      value={value}
      onValueChange={setValue}
      loop
      overlayClassName="palette-overlay"
      contentClassName="palette"
    >
      {page && (
        <div className="palette-crumb">
          <button type="button" className="palette-back" onClick={() => (ui.palettePage = null)} aria-label="Back to all commands">
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
      <Cmdk.List ref={listRef}>
        <SelectionCtx.Provider value={keepSelection}>
          {page?.pick ? <PickResults command={page} search={search} /> : snap.paletteOpen && <RootPage search={search} onChoose={choose} />}
        </SelectionCtx.Provider>
      </Cmdk.List>
    </Cmdk.Dialog>
  );
}

const SelectionCtx = createContext<(first: string) => void>(() => undefined);

/** After late results render, make sure some row is highlighted. */
function useKeepSelection(values: string[]) {
  const keep = useContext(SelectionCtx);
  const first = values[0];
  useEffect(() => {
    if (first) keep(first);
  }, [keep, first, values.length]);
}

function RootPage({ search, onChoose }: { search: string; onChoose: (cmd: Command) => void }) {
  const commands = available(currentCtx()).filter((c) => c.palette !== false);
  const byId = new Map(commands.map((c) => [c.id, c]));
  // Recents first, while nothing is typed; typing ranks everything by match.
  const recent = search ? [] : recentIds().flatMap((id) => byId.get(id) ?? []);
  const rest = commands.filter((c) => !recent.includes(c));
  const groups = [...new Set(rest.map((c) => c.group))];
  // Records answer on the root page too, once something is typed: one search call for every
  // type that has a "Find …" command (and so a screen to open the record in).
  const finders = new Map(commands.filter((c) => c.pick && c.scope === 'global' && !c.pick.fromContext).map((c) => [c.id.split('.')[0], c]));

  return (
    <>
      <Cmdk.Empty>No matching command.</Cmdk.Empty>
      {recent.length > 0 && (
        <Cmdk.Group heading="Recent">
          {recent.map((c) => (
            <CommandItem key={c.id} cmd={c} onChoose={onChoose} />
          ))}
        </Cmdk.Group>
      )}
      {groups.map((g) => (
        <Cmdk.Group key={g} heading={g}>
          {rest
            .filter((c) => c.group === g)
            .map((c) => (
              <CommandItem key={c.id} cmd={c} onChoose={onChoose} />
            ))}
        </Cmdk.Group>
      ))}
      {search.trim().length >= 2 && finders.size > 0 && <RootRecords finders={finders} search={search} />}
    </>
  );
}

function RootRecords({ finders, search }: { finders: Map<string, Command>; search: string }) {
  const types = [...finders.keys()];
  const { items } = useDebouncedSearch(
    (q, signal) =>
      searchRecords(q, types, ROOT_RECORDS, signal).then((hits) =>
        hits.map((h) => ({ key: `${h.type}:${h.id}`, label: h.title, hint: h.subtitle, value: h })),
      ),
    search,
    types.join(','),
  );
  useKeepSelection(items.map((i) => `${RECORD}${i.key}`));
  return (
    <>
      {types.map((type) => {
        const command = finders.get(type)!;
        const hits = items.filter((i) => (i.value as { type: string }).type === type);
        if (hits.length === 0) return null;
        return (
          <Cmdk.Group key={type} heading={`Matching ${command.group.toLowerCase()}`}>
            {hits.map((item) => (
              <RecordItem key={item.key} command={command} item={item} value={`${RECORD}${item.key}`} />
            ))}
          </Cmdk.Group>
        );
      })}
    </>
  );
}

function RecordItem({ command, item, value }: { command: Command; item: PickItem; value: string }) {
  return (
    <Cmdk.Item
      value={value}
      onSelect={() => {
        closePalette();
        runCommand(command.id, 'palette', item.value);
      }}
    >
      <span className="palette-title">{item.label}</span>
      {item.hint && <span className="palette-hint">{item.hint}</span>}
    </Cmdk.Item>
  );
}

function CommandItem({ cmd, onChoose }: { cmd: Command; onChoose: (cmd: Command) => void }) {
  return (
    <Cmdk.Item value={`${cmd.title} ${cmd.id}`} keywords={[cmd.group, ...(cmd.keywords ?? [])]} onSelect={() => onChoose(cmd)}>
      <span className="palette-title">{cmd.title}</span>
      {cmd.pick && <span className="palette-more" aria-hidden>›</span>}
      {cmd.shortcut && <Kbd shortcut={cmd.shortcut} />}
    </Cmdk.Item>
  );
}

interface PickState {
  items: PickItem[];
  loading: boolean;
  error: string | null;
}

/** A record search as you type: debounced, and a newer search cancels the older one. */
function useDebouncedSearch(load: (search: string, signal: AbortSignal) => Promise<PickItem[]>, search: string, key: string): PickState {
  const [state, setState] = useState<PickState>({ items: [], loading: true, error: null });
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      loadRef.current(search.trim(), abort.signal).then(
        (items) => !abort.signal.aborted && setState({ items, loading: false, error: null }),
        (e: unknown) => {
          if (abort.signal.aborted || (e instanceof ApiError && e.aborted)) return;
          setState({ items: [], loading: false, error: e instanceof ApiError ? errorText(e.method, e.body) : String(e) });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key, search]);

  return state;
}

function PickResults({ command, search }: { command: Command; search: string }) {
  const state = useDebouncedSearch((q, signal) => command.pick!.load(q, signal), search, command.id);
  useKeepSelection(state.items.map((i) => i.key));
  return (
    <>
      {state.loading && state.items.length === 0 && <Cmdk.Loading>Searching…</Cmdk.Loading>}
      {state.error && <div className="palette-note" role="alert">{state.error}</div>}
      {!state.loading && !state.error && state.items.length === 0 && <div className="palette-note">Nothing found.</div>}
      {state.items.map((item) => (
        <RecordItem key={item.key} command={command} item={item} value={item.key} />
      ))}
    </>
  );
}
