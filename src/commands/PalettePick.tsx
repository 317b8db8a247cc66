import { useContext } from 'react';
import { Command as Cmdk } from 'cmdk';
import { isSearchType } from '../api/search';
import { closePalette } from '../store/ui';
import { HitsCtx, useKeepSelection } from './PaletteRows';
import { rememberRecord } from './records';
import { runCommand } from './runner';
import type { Command } from './types';
import { awaiting, useDebouncedSearch } from './useDebouncedSearch';

/** A command's page in the palette: the items its picker finds for what is typed; choosing one runs the command with it. */
export function PickResults({ command, search }: { command: Command; search: string }) {
  const state = useDebouncedSearch((q, signal) => command.pick!.load(q, signal), search, command.id, false);
  useKeepSelection(
    state.items.map((i) => i.key),
    awaiting(state, search),
    state.answered,
  );
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
              void runCommand(command.id, 'palette', item.value);
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
