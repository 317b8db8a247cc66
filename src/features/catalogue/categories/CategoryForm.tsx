import { useState } from 'react';
import type { Category } from '@contract/category';
import type { Payload } from '@/api/resourceClient';
import { CheckField, Field } from '@/ui/Field';
import { ImageField, TextAreaField } from '@/ui/FormFields';
import { ResourceForm } from '@/screens/ResourceForm';
import type { FormProps } from '@/screens/ResourceListView';
import { textOrNull } from '@/ui/formParts';

const FIELDS = ['name', 'description', 'is_active', 'icon'];

export function CategoryForm(props: FormProps<Category>) {
  const { record, errors } = props;
  const [name, setName] = useState(record?.name ?? '');
  const [description, setDescription] = useState(record?.description ?? '');
  const [active, setActive] = useState(record?.is_active ?? true);
  const [icon, setIcon] = useState<File | null>(null);
  const [clearIcon, setClearIcon] = useState(false);

  const collect = (): Payload => {
    const data: Payload = { name: name.trim(), description: textOrNull(description), is_active: active };
    if (icon) data.icon = icon;
    else if (clearIcon && record?.icon) data.remove_icon = true;
    return data;
  };

  return (
    <ResourceForm
      {...props}
      what="category"
      editTitle={record ? `Edit ${record.name}` : undefined}
      createLabel="Create category"
      fields={FIELDS}
      collect={collect}
    >
      <Field
        label="Name"
        name="name"
        autoFocus
        required
        autoComplete="off"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <TextAreaField
        label="Description"
        name="description"
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
      />
      <CheckField
        name="is_active"
        label="Active (shown in the app)"
        checked={active}
        onChange={(e) => setActive(e.target.checked)}
        error={errors.is_active}
      />
      <ImageField
        label="Icon"
        name="icon"
        current={record?.icon ?? null}
        file={icon}
        onFile={setIcon}
        clear={clearIcon}
        onClear={setClearIcon}
        error={errors.icon}
      />
    </ResourceForm>
  );
}
