// A combobox that searches the server as you type and shows what it found in a virtualized
// list (@tanstack/react-virtual): the offer, card and bank pickers of the homepage forms,
// and "Add an offer" over the selected offers. ↑/↓ move, Enter picks, Escape closes the list
// (and only the list: the pane stays), a newer search cancels the older one.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { comboboxKey, useServerSearch } from '@/ui/useServerSearch';
import type { Choice, Search } from './pickers';

interface ServerPickerProps {
  label: string;
  /** The chosen record, shown under the input; null: none. */
  value?: Choice | null;
  onPick: (choice: Choice) => void;
  search: Search;
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  /** Keep the input empty after a pick (a picker that adds, rather than fills a field). */
  adds?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}

const ROW = 40;

export function ServerPicker({
  label,
  value = null,
  onPick,
  search,
  placeholder,
  error,
  hint,
  adds = false,
  inputRef,
  autoFocus,
}: ServerPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  /** Enter pressed while a search was on its way: pick its first answer when it lands. */
  const pickWhenFound = useRef(false);
  const pickRef = useRef<(c: Choice) => void>(() => undefined);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const { found, status, markLoading } = useServerSearch(open, text, search, (rows) => {
    setActive(0);
    if (pickWhenFound.current && rows[0]) pickRef.current(rows[0]);
    pickWhenFound.current = false;
  });

  const virtualizer = useVirtualizer({
    count: open ? found.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 8,
  });

  useEffect(() => {
    if (open && found.length) virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, open, found.length, virtualizer]);

  function pick(c: Choice) {
    onPick(c);
    setText('');
    if (!adds) setOpen(false);
  }
  pickRef.current = pick;

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (comboboxKey(e, { open, setOpen, count: found.length, setActive })) return;
    switch (e.key) {
      case 'Enter':
        if (e.metaKey || e.ctrlKey) return; // mod+enter: save the form
        e.preventDefault();
        if (open && status === 'loading') pickWhenFound.current = true;
        else if (open && found[active]) pick(found[active]);
        else setOpen(true);
        return;
      default:
    }
  }

  const activeRow = open ? found[active] : undefined;
  const note =
    status === 'loading' && !found.length
      ? 'Searching…'
      : status === 'failed'
        ? 'Could not search. Type to try again.'
        : status === 'ready' && !found.length
          ? text.trim()
            ? `Nothing matches “${text.trim()}”.`
            : 'Nothing to choose from.'
          : null;

  return (
    <div className={`field hp-picker${open ? ' is-open' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="input"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeRow ? `${listId}-${activeRow.id}` : undefined}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder={placeholder ?? `Search ${label.toLowerCase()}…`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          markLoading();
          pickWhenFound.current = false;
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setText('');
          pickWhenFound.current = false;
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <div className="hp-picker-pop" ref={scrollRef}>
          <div
            id={listId}
            role="listbox"
            aria-label={label}
            style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
          >
            {virtualizer.getVirtualItems().map((v) => {
              const c = found[v.index];
              return (
                <div
                  key={c.id}
                  id={`${listId}-${c.id}`}
                  role="option"
                  aria-selected={v.index === active}
                  className={v.index === active ? 'hp-picker-option is-active' : 'hp-picker-option'}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: v.size,
                    transform: `translateY(${v.start}px)`,
                  }}
                  onMouseDown={(e) => e.preventDefault() /* keep the focus in the input */}
                  onMouseEnter={() => setActive(v.index)}
                  onClick={() => pick(c)}
                >
                  <span className="hp-picker-label">{c.label}</span>
                  {c.flag && <span className="pill pill-warn">{c.flag}</span>}
                  {c.hint && <span className="hp-picker-hint">{c.hint}</span>}
                </div>
              );
            })}
          </div>
          {note && <div className="hp-picker-note">{note}</div>}
        </div>
      )}
      {value && (
        <div className="hp-picker-value">
          <span className="hp-picker-label">{value.label}</span>
          {value.flag && <span className="pill pill-warn">{value.flag}</span>}
          {value.hint && <span className="hp-picker-hint">{value.hint}</span>}
        </div>
      )}
      {error && <span className="field-error">{error}</span>}
      {hint && !error && <span className="field-hint">{hint}</span>}
    </div>
  );
}
