import { useState, type FormEvent } from 'react';
import type { Bank } from '../../../../contract/bank';
import type { Payload } from '../../../api/resourceClient';
import { Field } from '../../../ui/Field';
import { Kbd } from '../../../ui/Kbd';
import { useObjectUrl } from '../../../ui/useObjectUrl';
import type { FormProps } from '../../ResourceListView';
import { BankLogo } from './BanksScreen';

/** Add or edit a bank. Values live here, so a refused save keeps what was typed. */
export function BankForm({ record, errors, saving, conflict, onSubmit, onCancel, onReload, formRef }: FormProps<Bank>) {
  const [name, setName] = useState(record?.name ?? '');
  const [code, setCode] = useState(record?.code ?? '');
  const [website, setWebsite] = useState(record?.website ?? '');
  const [active, setActive] = useState(record?.is_active ?? true);
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  // The version this edit started from; the server answers 409 if someone saved meanwhile.
  const [version] = useState(record?.version);
  const preview = useObjectUrl(logo);
  const shownLogo = preview ?? (removeLogo ? null : (record?.logo ?? null));

  function submit(e: FormEvent) {
    e.preventDefault();
    const data: Payload = {
      name: name.trim(),
      code: code.trim(),
      website: website.trim() || null,
      is_active: active,
    };
    if (logo) data.logo = logo;
    else if (removeLogo && record?.logo) data.remove_logo = true;
    if (version !== undefined) data.version = version;
    onSubmit(data);
  }

  return (
    <form ref={formRef} className="pane-form" onSubmit={submit} noValidate aria-label={record ? `Edit ${record.name}` : 'New bank'}>
      {conflict && (
        <div className="alert alert-row" role="alert">
          <span>Someone else changed this bank while you were editing. Reload it to see their version (your changes here will be replaced).</span>
          <button type="button" className="btn" onClick={onReload}>
            Reload
          </button>
        </div>
      )}
      {errors.message && <div className="alert">{errors.message}</div>}
      <Field label="Name" name="name" autoFocus required autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      <Field label="Code" name="code" required autoComplete="off" className="field-code" value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} error={errors.code} hint="Letters, digits and dashes, e.g. ENBD." />
      <Field label="Website" name="website" type="url" inputMode="url" autoComplete="off" placeholder="https://" value={website} onChange={(e) => setWebsite(e.target.value)} error={errors.website} />
      <label className="check">
        <input type="checkbox" name="is_active" checked={active} onChange={(e) => setActive(e.target.checked)} />
        Active
      </label>
      {errors.is_active && <span className="field-error">{errors.is_active}</span>}

      <div className="logo-field">
        <BankLogo bank={{ name: name || '?', logo: shownLogo }} size={48} />
        <div className="logo-inputs">
          <Field label="Logo" name="logo" type="file" accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml" onChange={(e) => {
            setLogo(e.target.files?.[0] ?? null);
            setRemoveLogo(false);
          }} error={errors.logo} />
          {record?.logo && !logo && (
            <label className="check">
              <input type="checkbox" checked={removeLogo} onChange={(e) => setRemoveLogo(e.target.checked)} />
              Clear the current image
            </label>
          )}
        </div>
      </div>

      <div className="pane-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving…' : record ? 'Save changes' : 'Create bank'}
          <Kbd shortcut="mod+enter" />
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
          <Kbd shortcut="escape" />
        </button>
      </div>
    </form>
  );
}
