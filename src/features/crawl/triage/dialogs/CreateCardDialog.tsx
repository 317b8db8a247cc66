import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import type { CardRef } from '@contract/crawl';
import type { CardFromRefBody } from '@contract/crawlCards';
import { runCommand } from '@/commands/runner';
import { triage, cardDialogs } from '../model';
import type { Option } from '@/store/filters';
import { Field } from '@/ui/Field';
import { useOptions } from '@/ui/FilterBar';
import { SelectField, TextAreaField } from '@/ui/FormFields';
import { Kbd } from '@/ui/Kbd';
import { Modal } from '@/ui/Modal';
import { numberOrNull, numberText } from '@/screens/ResourceForm';
import { textOrNull } from '@/ui/formParts';
import { bankOptions, CARD_TYPES, categoryOptions, networkOptions } from '@/ui/referenceOptions';

const FIELDS = ['name', 'bank_id', 'network_id', 'category_id', 'card_type', 'annual_fee', 'min_salary', 'description'];

/** The option whose label is the text the site gave ('visa' → Visa), if any. */
const byLabel = (list: readonly Option[], text: string | null) =>
  text ? (list.find((o) => o.label.trim().toLowerCase() === text.trim().toLowerCase())?.value ?? '') : '';

/**
 * The create card dialog (shift+c): a card form prefilled from the crawled card. Saving creates
 * the live card (hidden from the app until reviewed) and marks the ref created in one call
 * (crawl.createCard with the fields); u undoes both. mod+Enter saves, Escape cancels, and the
 * server's field errors stay beside the fields.
 */
export function CreateCardDialog() {
  const d = useSnapshot(cardDialogs.state);
  const t = useSnapshot(triage.state);
  const ref = d.open === 'create' ? (t.refs.find((r) => r.id === d.refId) as CardRef | undefined) : undefined;
  const formRef = useRef<HTMLFormElement | null>(null);
  return (
    <Modal
      open={!!ref}
      title={ref ? `Create card from ${ref.name}` : ''}
      onClose={cardDialogs.closeCardDialog}
      className="modal-medium"
      onFocusLost={() => triage.list.focusList()}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
          e.preventDefault();
          formRef.current?.requestSubmit();
        }
      }}
    >
      {ref && (
        <CardFromRefForm
          key={ref.id}
          r={ref}
          sourceBankId={t.source?.bank_id ?? null}
          errors={d.errors}
          saving={d.saving}
          formRef={formRef}
        />
      )}
    </Modal>
  );
}

interface FormProps {
  r: CardRef;
  sourceBankId: number | null;
  errors: Readonly<Record<string, string>>;
  saving: boolean;
  formRef: RefObject<HTMLFormElement | null>;
}

function CardFromRefForm({ r, sourceBankId, errors, saving, formRef }: FormProps) {
  const banks = useOptions(bankOptions);
  const networks = useOptions(networkOptions);
  const categories = useOptions(categoryOptions);
  const [v, setV] = useState({
    name: r.name,
    bank_id: sourceBankId ? String(sourceBankId) : '',
    network_id: '',
    category_id: '',
    card_type: 'credit',
    annual_fee: numberText(r.annual_fee ?? 0),
    min_salary: '',
    description: r.benefits ?? '',
  });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));

  // The lists arrive after the form: then pick what the site named, unless chosen meanwhile.
  useEffect(() => {
    if (!banks.loading) setV((x) => (x.bank_id ? x : { ...x, bank_id: byLabel(banks.list, r.bank_name) }));
  }, [banks.loading, banks.list, r.bank_name]);
  useEffect(() => {
    if (!networks.loading) setV((x) => (x.network_id ? x : { ...x, network_id: byLabel(networks.list, r.network) }));
  }, [networks.loading, networks.list, r.network]);

  const other = Object.entries(errors).filter(([k]) => !FIELDS.includes(k));

  function submit(e: FormEvent) {
    e.preventDefault();
    const body: CardFromRefBody = {
      name: v.name.trim(),
      annual_fee: numberOrNull(v.annual_fee) ?? 0,
      min_salary: numberOrNull(v.min_salary),
      description: textOrNull(v.description),
    };
    // Left out when not chosen: the server then takes the ref's (and says so when it cannot).
    if (v.bank_id) body.bank_id = Number(v.bank_id);
    if (v.network_id) body.network_id = Number(v.network_id);
    if (v.category_id) body.category_id = Number(v.category_id);
    if (v.card_type) body.card_type = v.card_type as CardFromRefBody['card_type'];
    void runCommand('crawl.triage.createCardFields', 'button', body);
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Create card">
      <div className="modal-body">
        <p className="muted">
          The live card is created hidden from the app, and the crawled card is marked created with it; u undoes both.
        </p>
        {other.length > 0 && (
          <div className="alert" role="alert">
            {other.map(([k, text]) => (
              <div key={k}>{text}</div>
            ))}
          </div>
        )}
        <Field
          label="Name"
          name="name"
          data-autofocus
          autoComplete="off"
          value={v.name}
          onChange={set('name')}
          error={errors.name}
        />
        <div className="field-pair">
          <SelectField
            label="Bank"
            name="bank_id"
            value={v.bank_id}
            onChange={set('bank_id')}
            options={banks.list}
            emptyLabel={banks.loading ? 'Loading banks…' : "The source's bank"}
            error={errors.bank_id}
          />
          <SelectField
            label="Network"
            name="network_id"
            value={v.network_id}
            onChange={set('network_id')}
            options={networks.list}
            emptyLabel={
              networks.loading ? 'Loading networks…' : r.network ? `As crawled: ${r.network}` : 'Choose a network'
            }
            error={errors.network_id}
          />
        </div>
        <div className="field-pair">
          <SelectField
            label="Category"
            name="category_id"
            value={v.category_id}
            onChange={set('category_id')}
            options={categories.list}
            emptyLabel="No category"
            error={errors.category_id}
          />
          <SelectField
            label="Card type"
            name="card_type"
            value={v.card_type}
            onChange={set('card_type')}
            options={CARD_TYPES}
            emptyLabel="Choose a type"
            error={errors.card_type}
          />
        </div>
        <div className="field-pair">
          <Field
            label="Annual fee (AED)"
            name="annual_fee"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={v.annual_fee}
            onChange={set('annual_fee')}
            error={errors.annual_fee}
          />
          <Field
            label="Minimum salary (AED)"
            name="min_salary"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={v.min_salary}
            onChange={set('min_salary')}
            error={errors.min_salary}
            hint="Leave empty when none."
          />
        </div>
        <TextAreaField
          label="Description"
          name="description"
          rows={3}
          value={v.description}
          onChange={set('description')}
          error={errors.description}
          hint="The benefits as crawled."
        />
      </div>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={cardDialogs.closeCardDialog}>
          Cancel <Kbd shortcut="escape" />
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Creating…' : 'Create card and assign'} <Kbd shortcut="mod+enter" />
        </button>
      </div>
    </form>
  );
}
