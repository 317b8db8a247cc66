// The outlet form's area: a Dubai area searched by name and picked with Enter (src/ui/RecordPicker.tsx),
// where the contract alone would give a number to type. The form keeps the area's id; the
// picker keeps the name it shows.
import { useState } from 'react';
import type { Outlet } from '@contract/outlet';
import type { EditorProps } from '@/screens/SchemaForm';
import { RecordPicker, type PickerOption } from '@/ui/RecordPicker';
import { searchAreas } from '@/ui/lookups';

export function AreaPicker({ spec, record, onChange, error, autoFocus }: EditorProps) {
  const outlet = record as Outlet | null;
  const [area, setArea] = useState<PickerOption[]>(() =>
    outlet?.area_id ? [{ id: outlet.area_id, label: outlet.area_name ?? `Area ${outlet.area_id}` }] : [],
  );
  return (
    <RecordPicker
      label={spec.label}
      name={spec.key}
      value={area}
      onChange={(next) => {
        setArea(next);
        onChange(next[0] ? String(next[0].id) : '');
      }}
      search={searchAreas}
      placeholder={area.length ? 'Type to change the area…' : 'Search Dubai areas…'}
      error={error}
      autoFocus={autoFocus || undefined}
    />
  );
}
