// SchemaForm's editor of a list of another resource's ids (an offer's `card_ids`): the records
// searched and picked by name (src/ui/RecordPicker.tsx), where the contract alone would give
// numbers to type. The form keeps the ids; the picker keeps the names it shows.
import { useState, type ReactNode } from 'react';
import { RecordPicker, type PickerOption } from '@/ui/RecordPicker';
import type { PickerSource } from '@/ui/lookups';
import type { EditorProps } from './SchemaForm';

interface IdsPickerProps extends EditorProps {
  source: PickerSource;
  hint?: ReactNode;
  placeholder?: string;
}

export function IdsPicker({ spec, value, onChange, error, autoFocus, source, hint, placeholder }: IdsPickerProps) {
  const ids = Array.isArray(value) ? value : [];
  // Those of the record arrive by id (show calls); those picked since come with their option.
  const [first] = useState(ids);
  const known = source.useChosen(first);
  const [picked, setPicked] = useState<ReadonlyMap<number, PickerOption>>(new Map());
  const noun = spec.ref?.label.one ?? spec.label;
  const chosen = ids.map((id): PickerOption => {
    const option = picked.get(id) ?? known.get(id);
    if (option) return option;
    return { id, label: `${noun} ${id}`, hint: known.has(id) ? 'not found' : '…' };
  });
  return (
    <RecordPicker
      label={spec.label}
      name={spec.key}
      multiple
      value={chosen}
      onChange={(next) => {
        setPicked((m) => new Map([...m, ...next.map((o) => [o.id, o] as const)]));
        onChange(next.map((o) => o.id));
      }}
      search={source.search}
      placeholder={placeholder ?? `Search ${(spec.ref?.label.many ?? spec.label).toLowerCase()}…`}
      error={error}
      hint={hint}
      autoFocus={autoFocus || undefined}
    />
  );
}
