import { createContext, memo, useContext, useEffect } from 'react';
import { Command as Cmdk } from 'cmdk';
import type { SearchHit } from '@contract/search';
import { closePalette } from '../store/ui';
import { Kbd } from '../ui/Kbd';
import { rowValue } from './paletteFilter';
import { RECORD_TYPES } from './recordTypes';
import { runCommand } from './runner';
import { TypeAheadCtx } from './typeAhead';
import type { Command } from './types';

// The palette's rows (./Palette.tsx): records and commands.

/** Enter opens a record's view, Cmd/Ctrl+Enter its edit form. */
export function openRecord(hit: SearchHit, mode: 'view' | 'edit') {
  closePalette();
  void runCommand(mode === 'edit' ? 'record.edit' : 'record.open', 'palette', hit);
}

/** Rows that are records tell the palette which record they are (for Cmd/Ctrl+Enter). */
export const HitsCtx = createContext<Map<string, SearchHit>>(new Map());
export const SelectionCtx = createContext<() => void>(() => undefined);

/**
 * After late results render, make sure some row is highlighted (the same one, if it is still
 * there), and run an Enter typed ahead for them (./typeAhead.ts). `waiting`: the answer for what
 * is typed now is still on its way; `answered`: the text the rows shown answer.
 */
export function useKeepSelection(values: string[], waiting = false, answered: string | null = null) {
  const keep = useContext(SelectionCtx);
  useContext(TypeAheadCtx).waiting = waiting;
  const all = values.join('\n');
  useEffect(() => {
    if (all || answered !== null) keep();
  }, [keep, all, answered]);
}

const TYPE_LABEL = Object.fromEntries(
  RECORD_TYPES.map((t) => [t.type, t.heading.replace(/ies$/, 'y').replace(/s$/, '')]),
);

// The rows are memoized: every key typed renders the palette again, and rendering each of its
// hundred-odd rows again (cmdk's items and our shortcut hints) took most of a keystroke's time
// while changing nothing. cmdk filters and orders the rows itself, outside React.

export const RecordRow = memo(function RecordRow({
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
 * A command. `showGroup`: in the one ranked list while typing, its group says where it belongs.
 * `elsewhere`: another screen's, so its keys (bound on that screen only) are not shown.
 */
export const CommandItem = memo(function CommandItem({
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
