// The picker every form uses (src/ui/useCombobox.ts's combobox, drawn): a labelled box with the
// input (and, before it, what the caller shows there: the chosen records as chips), the options
// in a virtualized list under it (@tanstack/react-virtual: a server search may answer 100 rows),
// a note when there is nothing to show, and the frame's hint and error (src/ui/FieldFrame.tsx).
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { FieldFrame } from './FieldFrame';
import { useCombobox, type ServerSearch } from './useCombobox';
import './Combobox.css';

/** A record as a picker shows it: the id it stands for, a label, a muted hint, and a word that needs attention. */
export interface PickerOption {
  id: number;
  label: string;
  hint?: string;
  flag?: string;
}

interface ComboboxProps {
  label: string;
  /** The label for screen readers only (a toolbar's picker, its meaning plain from its placeholder). */
  hideLabel?: boolean;
  /** The form field it fills (for the server's error beside it). */
  name?: string;
  /** Options searched on the server as the text is typed. */
  search?: ServerSearch<PickerOption>;
  /** Or options held here, filtered by what is typed (names starting with it first). */
  options?: readonly PickerOption[];
  onPick: (option: PickerOption) => void;
  /** Each option says whether it is chosen (a ✓, aria-selected); unset, the highlighted one is the selected. */
  isChosen?: (option: PickerOption) => boolean;
  /** Several may be chosen (aria-multiselectable); the list stays open after a pick. */
  multiple?: boolean;
  /** Drawn in the box before the input (the chosen records as chips). */
  before?: ReactNode;
  /** Drawn under the box (the chosen record). */
  after?: ReactNode;
  /** Keep the list open after a pick (a picker that adds). */
  keepOpen?: boolean;
  /** Keys of the caller's own, heard first (Backspace on an empty input removes a chip). */
  onKey?: (e: KeyboardEvent<HTMLInputElement>, text: string) => boolean;
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

const ROW = 34;

/** Local options matching the typed text: those whose label starts with it, then those containing it. */
export function filterOptions<T extends { label: string }>(options: readonly T[], text: string): T[] {
  const t = text.trim().toLowerCase();
  if (!t) return [...options];
  const starts = options.filter((o) => o.label.toLowerCase().startsWith(t));
  return [...starts, ...options.filter((o) => !starts.includes(o) && o.label.toLowerCase().includes(t))];
}

export function Combobox({
  label,
  hideLabel,
  name,
  search,
  options,
  onPick,
  isChosen,
  multiple = false,
  before,
  after,
  keepOpen = false,
  onKey,
  placeholder,
  error,
  hint,
  autoFocus,
  inputRef,
}: ComboboxProps) {
  const textRef = useRef('');
  const combo = useCombobox<PickerOption>({
    items: options && ((typed: string) => filterOptions(options, typed)),
    search,
    keyOf: (o) => o.id,
    onPick,
    closeOnPick: !keepOpen && !multiple,
    onKey: onKey && ((e) => onKey(e, textRef.current)),
  });
  textRef.current = combo.text;
  const { open, rows, status, active, text } = combo;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const ownInput = useRef<HTMLInputElement | null>(null);

  const virtualizer = useVirtualizer({
    count: open ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 8,
  });
  useEffect(() => {
    if (open && rows.length) virtualizer.scrollToIndex(Math.min(active, rows.length - 1), { align: 'auto' });
  }, [active, open, rows.length, virtualizer]);
  // Local options: a new text filters anew, from the top.
  const { setActive } = combo;
  useEffect(() => {
    if (options) setActive(0);
  }, [options, text, setActive]);

  const typed = text.trim();
  const note =
    status === 'failed'
      ? 'Could not load the choices. Type to try again.'
      : rows.length
        ? null
        : status === 'ready'
          ? typed
            ? `Nothing matches “${typed}”.`
            : 'Nothing to choose from.'
          : 'Searching…';

  return (
    <FieldFrame label={label} hideLabel={hideLabel} name={name} error={error} hint={hint} className="combo" notesInside>
      {(aria, notes) => (
        <>
          <div className={`combo-anchor${open ? ' is-open' : ''}`}>
            <div
              className="combo-box"
              aria-invalid={error ? true : undefined}
              onClick={() => ownInput.current?.focus()}
            >
              {before}
              <input
                {...aria}
                {...combo.inputProps}
                ref={(el) => {
                  ownInput.current = el;
                  if (typeof inputRef === 'function') inputRef(el);
                  else if (inputRef) inputRef.current = el;
                }}
                className="combo-input"
                autoFocus={autoFocus}
                placeholder={placeholder ?? `Search ${label.toLowerCase()}…`}
              />
            </div>
            {open && (
              // tabIndex -1: Chromium puts a scrolling box with no focusable child in the Tab
              // order, so Tab from the input landed on the list, whose blur closed it, and the
              // focus fell to <body>. The input keeps the keys (aria-activedescendant).
              <div className="combo-pop" ref={scrollRef} tabIndex={-1}>
                <div
                  id={combo.listId}
                  role="listbox"
                  aria-label={label}
                  aria-multiselectable={multiple || undefined}
                  style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
                >
                  {virtualizer.getVirtualItems().map((v) => {
                    const o = rows[v.index];
                    const chosen = isChosen?.(o);
                    return (
                      <div
                        key={o.id}
                        {...combo.optionProps(o, v.index)}
                        aria-selected={isChosen ? Boolean(chosen) : v.index === active}
                        className={v.index === active ? 'combo-option is-active' : 'combo-option'}
                        style={{ height: v.size, transform: `translateY(${v.start}px)` }}
                      >
                        {isChosen && (
                          <span className="combo-check" aria-hidden>
                            {chosen ? '✓' : ''}
                          </span>
                        )}
                        <OptionWords option={o} />
                      </div>
                    );
                  })}
                </div>
                {note && <div className="combo-note">{note}</div>}
              </div>
            )}
          </div>
          {after}
          {notes}
        </>
      )}
    </FieldFrame>
  );
}

/** An option's label, its flag and its hint, as a list row or a chosen value shows them. */
export function OptionWords({ option }: { option: PickerOption }) {
  return (
    <>
      <span className="combo-label">{option.label}</span>
      {option.flag && <span className="pill pill-warn">{option.flag}</span>}
      {option.hint && <span className="combo-hint">{option.hint}</span>}
    </>
  );
}
