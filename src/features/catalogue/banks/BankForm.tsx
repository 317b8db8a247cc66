import { useState } from 'react';
import type { Bank } from '@contract/bank';
import type { Payload } from '@/api/resourceClient';
import { CheckField, Field } from '@/ui/Field';
import { ImageField } from '@/ui/FormFields';
import { ResourceForm } from '@/screens/ResourceForm';
import type { FormProps } from '@/screens/ResourceListView';

const FIELDS = ['name', 'code', 'website', 'is_active', 'logo'];

/** Add or edit a bank. Values live here, so a refused save keeps what was typed. */
export function BankForm(props: FormProps<Bank>) {
  const { record, errors } = props;
  const [name, setName] = useState(record?.name ?? '');
  const [code, setCode] = useState(record?.code ?? '');
  const [website, setWebsite] = useState(record?.website ?? '');
  const [active, setActive] = useState(record?.is_active ?? true);
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);

  const collect = (): Payload => {
    const data: Payload = { name: name.trim(), code: code.trim(), website: website.trim() || null, is_active: active };
    if (logo) data.logo = logo;
    else if (removeLogo && record?.logo) data.remove_logo = true;
    return data;
  };

  return (
    <ResourceForm
      {...props}
      what="bank"
      editTitle={record ? `Edit ${record.name}` : undefined}
      createLabel="Create bank"
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
      <Field
        label="Code"
        name="code"
        required
        autoComplete="off"
        className="field-code"
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        error={errors.code}
        hint="Letters, digits and dashes, e.g. ENBD."
      />
      <Field
        label="Website"
        name="website"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        value={website}
        onChange={(e) => setWebsite(e.target.value)}
        error={errors.website}
      />
      <CheckField
        name="is_active"
        label="Active"
        checked={active}
        onChange={(e) => setActive(e.target.checked)}
        error={errors.is_active}
      />
      <ImageField
        label="Logo"
        name="logo"
        current={record?.logo ?? null}
        file={logo}
        onFile={setLogo}
        clear={removeLogo}
        onClear={setRemoveLogo}
        error={errors.logo}
      />
    </ResourceForm>
  );
}
