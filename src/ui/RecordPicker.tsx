import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { comboboxKey, useServerSearch } from './useServerSearch';
import './RecordPicker.css';

/** A record as a picker shows it: the id it stands for, a label and a muted hint. */
export interface PickerOption {
  id: number;
  label: string;
  hint?: string;
}

interface RecordPickerProps {
  label: string;
  /** The form field this picker fills (for the server's error beside it). */
  name: string;
  /** Several records (cards, outlets) or one (an area). */
  multiple?: boolean;
  value: readonly PickerOption[];
  onChange: (next: PickerOption[]) => void;
  /** Records matching the typed text ('' = the first ones); debounced and cancelled when stale. */
  search: (query: string, signal: AbortSignal) => Promise<PickerOption[]>;
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  autoFocus?: boolean;
}

/**
 * A searchable select as a combobox: type to search the API, ↑/↓ to move, Enter to pick (or
 * un-pick a checked one), Backspace on an empty input removes the last choice, Escape closes
 * the list. The choices sit above the input as removable chips.
 */
export function RecordPicker({
  label,
  name,
  multiple = false,
  value,
  onChange,
  search,
  placeholder,
  error,
  hint,
  autoFocus,
}: RecordPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const chosen = new Set(value.map((v) => v.id));
  const { found: options, status } = useServerSearch(open, text, search, () => setActive(0));
  const loading = status === 'loading';
  const failure = status === 'failed' ? 'Could not load the choices. Type to try again.' : null;

  function toggle(option: PickerOption) {
    if (!multiple) {
      onChange(chosen.has(option.id) ? [] : [option]);
      setOpen(false);
      setText('');
      return;
    }
    onChange(chosen.has(option.id) ? value.filter((v) => v.id !== option.id) : [...value, option]);
  }

  function remove(option: PickerOption) {
    onChange(value.filter((v) => v.id !== option.id));
    inputRef.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (comboboxKey(e, { open, setOpen, count: options.length, setActive })) return;
    switch (e.key) {
      case 'Enter':
        // Never submits the form from here: Enter picks.
        if (e.metaKey || e.ctrlKey) return; // mod+enter: save the form
        e.preventDefault();
        if (open && options[active]) toggle(options[active]);
        else setOpen(true);
        return;
      case 'Backspace':
        if (!text && value.length) {
          e.preventDefault();
          onChange(value.slice(0, -1));
        }
        return;
      default:
    }
  }

  const activeOption = open ? options[active] : undefined;
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`field picker${open ? ' is-open' : ''}`} data-field={name}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="picker-box" aria-invalid={error ? true : undefined} onClick={() => inputRef.current?.focus()}>
        {value.length > 0 && (
          <ul className="picker-chips" aria-label="Chosen">
            {value.map((v) => (
              <li key={v.id} className="picker-chip">
                <span className="picker-chip-label">{v.label}</span>
                {v.hint && <span className="picker-chip-hint">{v.hint}</span>}
                <button
                  type="button"
                  className="picker-chip-remove"
                  tabIndex={-1}
                  aria-label={`Remove ${v.label}`}
                  title="Remove"
                  onClick={(e) => {
                    e.stopPropagation();
                    remove(v);
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          ref={inputRef}
          id={id}
          className="picker-input"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          autoFocus={autoFocus}
          placeholder={
            placeholder ?? (multiple || value.length === 0 ? `Search ${label.toLowerCase()}…` : 'Type to change…')
          }
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setText('');
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {open && (
        <ul
          id={listId}
          className="picker-list"
          role="listbox"
          aria-label={label}
          aria-multiselectable={multiple || undefined}
        >
          {options.map((o, i) => (
            <li
              key={o.id}
              id={`${listId}-${o.id}`}
              role="option"
              aria-selected={chosen.has(o.id)}
              className={i === active ? 'picker-option is-active' : 'picker-option'}
              onMouseDown={(e) => e.preventDefault() /* keep focus in the input */}
              onMouseEnter={() => setActive(i)}
              onClick={() => toggle(o)}
            >
              <span className="picker-check" aria-hidden>
                {chosen.has(o.id) ? '✓' : ''}
              </span>
              <span className="picker-option-label">{o.label}</span>
              {o.hint && <span className="picker-option-hint">{o.hint}</span>}
            </li>
          ))}
          {options.length === 0 && (
            <li className="picker-note" role="presentation">
              {loading
                ? 'Searching…'
                : (failure ?? (text.trim() ? `Nothing matches “${text.trim()}”.` : 'Nothing to choose from.'))}
            </li>
          )}
        </ul>
      )}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
      {hint && !error && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
    </div>
  );
}
