// The catalogue's and the notifications' record picker: the chosen records as removable chips in
// the combobox's box (src/ui/Combobox.tsx), one (an area) or several (cards, outlets).
import { useRef, type ReactNode } from 'react';
import { Combobox, OptionWords, type PickerOption } from './Combobox';
import type { ServerSearch } from './useCombobox';

export type { PickerOption } from './Combobox';

interface RecordPickerProps {
  label: string;
  hideLabel?: boolean;
  /** The form field this picker fills (for the server's error beside it). */
  name?: string;
  /** Several records (cards, outlets) or one (an area). */
  multiple?: boolean;
  value: readonly PickerOption[];
  onChange: (next: PickerOption[]) => void;
  /** Records matching the typed text ('' = the first ones); debounced and cancelled when stale. */
  search: ServerSearch<PickerOption>;
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  autoFocus?: boolean;
}

/**
 * Type to search the API, ↑/↓ to move, Enter to pick (or un-pick a checked one), Backspace on
 * an empty input removes the last choice, Escape closes the list.
 */
export function RecordPicker({
  label,
  hideLabel,
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
  const inputRef = useRef<HTMLInputElement>(null);
  const chosen = new Set(value.map((v) => v.id));

  function toggle(option: PickerOption) {
    if (!multiple) onChange(chosen.has(option.id) ? [] : [option]);
    else onChange(chosen.has(option.id) ? value.filter((v) => v.id !== option.id) : [...value, option]);
  }

  return (
    <Combobox
      label={label}
      hideLabel={hideLabel}
      name={name}
      search={search}
      onPick={toggle}
      isChosen={(o) => chosen.has(o.id)}
      multiple={multiple}
      inputRef={inputRef}
      autoFocus={autoFocus}
      error={error}
      hint={hint}
      placeholder={
        placeholder ?? (multiple || value.length === 0 ? `Search ${label.toLowerCase()}…` : 'Type to change…')
      }
      onKey={(e, text) => {
        if (e.key !== 'Backspace' || text || !value.length) return false;
        e.preventDefault();
        onChange(value.slice(0, -1));
        return true;
      }}
      before={
        value.length > 0 && (
          <ul className="combo-chips" aria-label="Chosen">
            {value.map((v) => (
              <li key={v.id} className="combo-chip">
                <OptionWords option={v} />
                <button
                  type="button"
                  className="combo-chip-remove"
                  tabIndex={-1}
                  aria-label={`Remove ${v.label}`}
                  title="Remove"
                  onClick={(e) => {
                    e.stopPropagation();
                    onChange(value.filter((x) => x.id !== v.id));
                    inputRef.current?.focus();
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}
