// The editor inside a table cell, chosen by the field's schema (src/store/cellFields.ts): text
// and numbers in an input, a date in DateCellInput, a choice (a reference's records, an enum)
// in a combobox, yes/no as a switch. Enter saves and moves down (Shift+Enter: up), Tab saves
// and moves right (Shift+Tab: left), Escape cancels; leaving it by the pointer saves. Its keys
// stay in it: no list command hears them while it is open.
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import type { After, CellEdit, CellModel } from '@/store/cellModel';
import type { CellSave } from '@/commands/cellCommands';
import { runCommand } from '@/commands/runner';
import { loadChoices, parseCell, typedChoice, type CellSpec } from '@/store/cellFields';
import type { Option } from '@/store/filters';
import { CellPopover } from './CellPopover';
import { DateCellInput } from './DateCellInput';
import { filterOptions } from '@/ui/Combobox';
import { useCombobox } from '@/ui/useCombobox';
import { formatNumber } from '@/lib/format';

interface EditorProps {
  spec: CellSpec;
  edit: CellEdit;
  cells: CellModel;
  /** The cell, for the lists and notes drawn under it. */
  anchor: RefObject<HTMLElement | null>;
}

/** What a key does in an editor: save and move, cancel, or nothing of ours. */
function keyAction(e: KeyboardEvent): After | 'cancel' | null {
  if (e.key === 'Enter') return e.shiftKey ? 'up' : 'down';
  if (e.key === 'Tab') return e.shiftKey ? 'left' : 'right';
  if (e.key === 'Escape') return 'cancel';
  return null;
}

/** A save goes through the runner (src/commands/cellCommands.ts `list.saveCell`): an undoable write. */
const saveCell = (cells: CellModel, value: unknown, label: string, after: After) =>
  runCommand('list.saveCell', 'hotkey', { cells, value, label, after } satisfies CellSave);

/** Keys typed into an editor are its own: the list's commands and the page's keys do not hear them (Ctrl/⌘ chords pass: the palette). */
const keep = (e: KeyboardEvent) => {
  if (!e.ctrlKey && !e.metaKey) e.stopPropagation();
};

/** Saves on leaving by the pointer (a click elsewhere), as a spreadsheet does; the model ignores it after Enter, Tab or Escape. */
function useLeaveSaves(cells: CellModel, edit: CellEdit, save: () => boolean) {
  const saveRef = useRef(save);
  saveRef.current = save;
  const onBlur = () => {
    if (cells.state.edit?.id !== edit.id || cells.state.edit.col !== edit.col) return;
    if (!saveRef.current()) cells.cancel();
  };
  // Unmounted with the edit still open (its row scrolled out of the list): nothing saved, keys back to the grid.
  useEffect(
    () => () => {
      if (cells.state.edit?.id === edit.id && cells.state.edit.col === edit.col) cells.cancel();
    },
    [cells, edit.id, edit.col],
  );
  return onBlur;
}

const stopClick = {
  onClick: (e: MouseEvent) => e.stopPropagation(),
  onMouseDown: (e: MouseEvent) => e.stopPropagation(),
  onDoubleClick: (e: MouseEvent) => e.stopPropagation(),
};

export function CellEditor(props: EditorProps) {
  if (props.spec.kind === 'choice') return <ChoiceEditor {...props} />;
  if (props.spec.kind === 'boolean') return <SwitchEditor {...props} />;
  return <TextEditor {...props} />;
}

function TextEditor({ spec, edit, cells, anchor }: EditorProps) {
  const [text, setText] = useState(edit.initial);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement>(null);
  const errorId = useId();
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const save = (after: After) => {
    const p = parseCell(spec, text);
    if (!p.ok) {
      setError(p.error);
      return false;
    }
    void saveCell(cells, p.value, p.label, after);
    return true;
  };
  const onBlur = useLeaveSaves(cells, edit, () => save('stay'));
  const input = {
    ref,
    className: `cell-input${spec.kind === 'number' ? ' is-num' : ''}`,
    value: text,
    'aria-label': spec.label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setText(e.target.value);
      setError(null);
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      keep(e);
      const a = keyAction(e);
      if (!a) return;
      e.preventDefault();
      if (a === 'cancel') cells.cancel();
      else save(a);
    },
    onBlur,
    ...stopClick,
  };
  return (
    <>
      {spec.kind === 'date' ? (
        <DateCellInput {...input} />
      ) : (
        <input {...input} inputMode={spec.kind === 'number' ? 'decimal' : undefined} autoComplete="off" />
      )}
      {error && (
        <CellPopover anchor={anchor} id={errorId} className="cell-note is-error" role="alert">
          {error}
        </CellPopover>
      )}
    </>
  );
}

/** The most choices listed at once; typing narrows them. */
const SHOWN = 50;

function ChoiceEditor({ spec, edit, cells, anchor }: EditorProps) {
  const [options, setOptions] = useState<readonly Option[] | null>(Array.isArray(spec.choices) ? spec.choices : null);
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState(edit.typed ? edit.initial : '');
  const ref = useRef<HTMLInputElement>(null);
  const none = spec.nullable ? { value: '', label: `No ${spec.label.toLowerCase()}` } : null;

  useEffect(() => {
    if (options) return;
    loadChoices(spec).then(setOptions, () => setFailed(true));
  }, [spec, options]);

  const all = useMemo(() => [...(none ? [none] : []), ...(options ?? [])], [options, none?.label]); // eslint-disable-line react-hooks/exhaustive-deps -- `none` is new each render; its label is all it holds that changes
  const found = useMemo(() => filterOptions(all, text), [all, text]);
  const shown = found.slice(0, SHOWN);
  const current = all.find((o) => o.value === edit.initial);
  const pick = (o: Option | undefined, after: After) => {
    if (!o) return false;
    void saveCell(cells, o.value === '' ? null : typedChoice(spec, o.value), o.value === '' ? '' : o.label, after);
    return true;
  };
  const combo = useCombobox<Option>({
    items: shown,
    text,
    onTextChange: setText,
    alwaysOpen: true,
    onPick: (o) => pick(o, 'stay'),
    // Enter and Tab save and move, Escape cancels: the table's keys, not the combobox's.
    onKey: (e, active) => {
      keep(e);
      const a = keyAction(e);
      if (!a) return false;
      e.preventDefault();
      if (a === 'cancel') cells.cancel();
      else if (!pick(active, a) && a !== 'down' && a !== 'up') cells.cancel();
      return true;
    },
  });
  const { active, setActive, listId } = combo;
  // Unfiltered, the current value is highlighted; filtered, the best match.
  useEffect(() => {
    setActive(
      text.trim()
        ? 0
        : Math.max(
            0,
            all.findIndex((o) => o.value === edit.initial),
          ),
    );
  }, [text, all, edit.initial, setActive]);
  useLayoutEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  // The highlighted choice stays in the list's view as ↑/↓ move it.
  useEffect(() => {
    // Braces: scrollIntoView answers a promise in newer browsers, which React would take for the effect's cleanup.
    void document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  // Leaving by the pointer saves only a choice actually moved to; else nothing changes.
  const onBlur = useLeaveSaves(cells, edit, () => (text.trim() ? pick(found[active], 'stay') : false));

  return (
    <>
      <input
        ref={ref}
        {...combo.inputProps}
        className="cell-input"
        aria-label={spec.label}
        placeholder={current?.label ?? ''}
        onBlur={onBlur}
        {...stopClick}
      />
      <CellPopover anchor={anchor} id={listId} className="cell-choices" role="listbox" label={spec.label}>
        {failed ? (
          <div className="cell-choices-status">Could not load the choices.</div>
        ) : !options ? (
          <div className="cell-choices-status">Loading…</div>
        ) : shown.length === 0 ? (
          <div className="cell-choices-status">
            No {spec.label.toLowerCase()} matches “{text.trim()}”.
          </div>
        ) : (
          shown.map((o, i) => (
            <div
              key={o.value}
              {...combo.optionProps(o, i)}
              className={`cell-choice${i === active ? ' is-active' : ''}${o.value === edit.initial ? ' is-current' : ''}`}
            >
              {o.label}
            </div>
          ))
        )}
        {found.length > SHOWN && (
          <div className="cell-choices-status">{formatNumber(found.length - SHOWN)} more: type to narrow.</div>
        )}
      </CellPopover>
    </>
  );
}

function SwitchEditor({ spec, edit, cells }: EditorProps) {
  const choices = Array.isArray(spec.choices) ? (spec.choices as readonly Option[]) : [];
  const word = (v: boolean) => choices.find((o) => o.value === String(v))?.label ?? (v ? 'Yes' : 'No');
  const [on, setOn] = useState(edit.initial === 'true');
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  const save = (after: After) => {
    void saveCell(cells, on, word(on), after);
    return true;
  };
  const onBlur = useLeaveSaves(cells, edit, () => save('stay'));
  return (
    <button
      ref={ref}
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={spec.label}
      className={`cell-switch${on ? ' is-on' : ''}`}
      onBlur={onBlur}
      onKeyDown={(e) => {
        keep(e);
        const k = e.key.toLowerCase();
        if (k === ' ' || k === 'arrowleft' || k === 'arrowright') {
          e.preventDefault();
          setOn((v) => !v);
          return;
        }
        if (k === 'y' || k === 'n') {
          e.preventDefault();
          setOn(k === 'y');
          return;
        }
        const a = keyAction(e);
        if (!a) return;
        e.preventDefault();
        if (a === 'cancel') cells.cancel();
        else save(a);
      }}
      {...stopClick}
      onClick={(e) => {
        e.stopPropagation();
        setOn((v) => !v);
      }}
    >
      <span className="cell-switch-track" aria-hidden />
      {word(on)}
    </button>
  );
}
