import { useEffect, useState, useSyncExternalStore } from 'react';
import { Command as Cmdk } from 'cmdk';
import { useSnapshot } from 'valtio';
import { errorText } from '../api/errorText';
import { ApiError } from '../api/client';
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

/** Cmd/Ctrl+K: the commands of the active scopes, and a page per command that needs an argument. */
export function Palette() {
  const snap = useSnapshot(ui);
  useSyncExternalStore(subscribe, getVersion);
  const [search, setSearch] = useState('');
  const page = snap.palettePage ? getCommand(snap.palettePage) : undefined;

  // Every opening and every page starts with an empty input.
  useEffect(() => setSearch(''), [snap.paletteOpen, snap.palettePage]);

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
      <Cmdk.List>
        {page?.pick ? <PickResults command={page} search={search} /> : snap.paletteOpen && <RootPage search={search} onChoose={choose} />}
      </Cmdk.List>
    </Cmdk.Dialog>
  );
}

function RootPage({ search, onChoose }: { search: string; onChoose: (cmd: Command) => void }) {
  const commands = available(currentCtx()).filter((c) => c.palette !== false);
  const byId = new Map(commands.map((c) => [c.id, c]));
  // Recents first, while nothing is typed; typing ranks everything by match.
  const recent = search ? [] : recentIds().flatMap((id) => byId.get(id) ?? []);
  const rest = commands.filter((c) => !recent.includes(c));
  const groups = [...new Set(rest.map((c) => c.group))];

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
    </>
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

/** Records from the API for a pick page: debounced, and a newer search cancels the older one. */
function PickResults({ command, search }: { command: Command; search: string }) {
  const [state, setState] = useState<PickState>({ items: [], loading: true, error: null });

  useEffect(() => {
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      command.pick!.load(search.trim(), abort.signal).then(
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
  }, [command, search]);

  return (
    <>
      {state.loading && state.items.length === 0 && <Cmdk.Loading>Searching…</Cmdk.Loading>}
      {state.error && <div className="palette-note" role="alert">{state.error}</div>}
      {!state.loading && !state.error && state.items.length === 0 && <div className="palette-note">Nothing found.</div>}
      {state.items.map((item) => (
        <Cmdk.Item
          key={item.key}
          value={item.key}
          onSelect={() => {
            closePalette();
            runCommand(command.id, 'palette', item.value);
          }}
        >
          <span className="palette-title">{item.label}</span>
          {item.hint && <span className="palette-hint">{item.hint}</span>}
        </Cmdk.Item>
      ))}
    </>
  );
}
