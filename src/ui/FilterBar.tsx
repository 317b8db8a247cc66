import { useEffect, useState, type KeyboardEvent } from 'react';
import type { Filters } from '../api/resourceClient';
import type { FilterDef, Option, OptionSource } from '../store/filters';
import './FilterBar.css';

interface FilterBarProps {
  filters: readonly FilterDef[];
  values: Filters;
  onChange: (key: string, value: string) => void;
  sort?: { options: readonly Option[]; value: string; defaultValue: string; onChange: (value: string) => void };
  /** Escape in a select: hand the keys back to the list. */
  onLeave: () => void;
}

/** One native select per filter (and one for the sort): keyboard- and screen-reader-friendly as is. */
export function FilterBar({ filters, values, onChange, sort, onLeave }: FilterBarProps) {
  if (!filters.length && !sort) return null;
  const leaveOnEscape = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation(); // not "close the pane"
      onLeave();
    }
  };
  return (
    <div className="filter-bar" role="group" aria-label="Filters">
      {filters.map((f) => (
        <FilterSelect
          key={f.key}
          def={f}
          value={values[f.key] ?? ''}
          onChange={(v) => onChange(f.key, v)}
          onKeyDown={leaveOnEscape}
        />
      ))}
      {sort && sort.options.length > 0 && (
        <select
          className={sort.value && sort.value !== sort.defaultValue ? 'filter-select is-set' : 'filter-select'}
          aria-label="Sort"
          title="Sort"
          value={sort.value || sort.defaultValue}
          onChange={(e) => sort.onChange(e.target.value === sort.defaultValue ? '' : e.target.value)}
          onKeyDown={leaveOnEscape}
        >
          {sort.options.map((o) => (
            <option key={o.value} value={o.value}>
              Sort: {o.label}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

function FilterSelect({
  def,
  value,
  onChange,
  onKeyDown,
}: {
  def: FilterDef;
  value: string;
  onChange: (v: string) => void;
  onKeyDown: (e: KeyboardEvent) => void;
}) {
  const options = useOptions(def.options);
  // A value from the URL whose option is not here (yet): keep it selectable rather than lose it.
  const known = options.list.some((o) => o.value === value);
  return (
    <select
      className={value ? 'filter-select is-set' : 'filter-select'}
      aria-label={`Filter by ${def.label.toLowerCase()}`}
      title={`Filter by ${def.label.toLowerCase()}`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
    >
      <option value="">{def.any}</option>
      {value && !known && (
        <option value={value}>{options.loading ? `${def.label}: …` : `${def.label} #${value}`}</option>
      )}
      {options.list.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** The options of a source: at once when fixed, after the call when loaded. */
export function useOptions(source: OptionSource): { list: readonly Option[]; loading: boolean; error: boolean } {
  const fixed = typeof source !== 'function';
  const [state, setState] = useState<{ list: readonly Option[]; loading: boolean; error: boolean }>(() =>
    fixed ? { list: source, loading: false, error: false } : { list: [], loading: true, error: false },
  );
  useEffect(() => {
    if (typeof source !== 'function') {
      setState({ list: source, loading: false, error: false });
      return;
    }
    let live = true;
    source().then(
      (list) => live && setState({ list, loading: false, error: false }),
      () => live && setState((s) => ({ ...s, loading: false, error: true })),
    );
    return () => {
      live = false;
    };
  }, [source]);
  return state;
}

/** The filters set, one chip each ("Bank ADCB ×"); a chip removes its filter. */
export function FilterChips({
  filters,
  values,
  onRemove,
}: {
  filters: readonly FilterDef[];
  values: Filters;
  onRemove: (key: string) => void;
}) {
  const set = filters.filter((f) => values[f.key]);
  if (!set.length) return null;
  return (
    <div className="filter-chips" role="group" aria-label="Filters set">
      {set.map((f) => (
        <FilterChip key={f.key} def={f} value={values[f.key]} onRemove={() => onRemove(f.key)} />
      ))}
    </div>
  );
}

function FilterChip({ def, value, onRemove }: { def: FilterDef; value: string; onRemove: () => void }) {
  const options = useOptions(def.options);
  const label = options.list.find((o) => o.value === value)?.label ?? (options.loading ? '…' : `#${value}`);
  return (
    <button
      type="button"
      className="filter-chip"
      onClick={onRemove}
      aria-label={`Remove the filter ${def.label}: ${label}`}
      title="Remove this filter"
    >
      <span className="filter-chip-kind">{def.label}</span>
      <span className="filter-chip-value">{label}</span>
      <span className="filter-chip-x" aria-hidden>
        ×
      </span>
    </button>
  );
}
