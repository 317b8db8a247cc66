import { useState } from 'react';
import { cardResource, CARD_STATUSES, type Card } from '@contract/card';
import { labelsOf } from '@contract/fieldLabels';
import type { Payload } from '@/api/resourceClient';
import type { Option } from '@/store/filters';
import { CheckField, Field } from '@/ui/Field';
import { useOptions } from '@/ui/FilterBar';
import { ImageField, SelectField, TextAreaField } from '@/ui/FormFields';
import { numberOrNull, numberText, ResourceForm } from '@/screens/ResourceForm';
import type { FormProps } from '@/screens/ResourceListView';
import { textOrNull } from '@/ui/formParts';
import { bankOptions, CARD_TYPES, categoryOptions, networkOptions } from '@/ui/referenceOptions';

/** Each field as the contract names it: the server's messages say the same (contract/fieldLabels.ts). */
const label = labelsOf(cardResource.create);
const FIELDS = [
  'name',
  'bank_id',
  'network_id',
  'category_id',
  'card_type',
  'annual_fee',
  'min_salary',
  'description',
  'status',
  'display',
  'image',
];
const STATUSES = CARD_STATUSES.map((s) => ({ value: s, label: s }));

/** The loaded options, plus the record's own value if the list does not have it (yet). */
function withCurrent(list: readonly Option[], id: number | null | undefined, name: string | null | undefined) {
  if (!id || list.some((o) => o.value === String(id))) return list;
  return [...list, { value: String(id), label: name ?? `#${id}` }];
}

export function CardForm(props: FormProps<Card>) {
  const { record, errors } = props;
  const [name, setName] = useState(record?.name ?? '');
  const [bankId, setBankId] = useState(record ? String(record.bank_id) : '');
  const [networkId, setNetworkId] = useState(record ? String(record.network_id) : '');
  const [categoryId, setCategoryId] = useState(record?.category_id ? String(record.category_id) : '');
  const [cardType, setCardType] = useState<string>(record?.card_type ?? 'credit');
  const [annualFee, setAnnualFee] = useState(numberText(record?.annual_fee ?? 0));
  const [minSalary, setMinSalary] = useState(numberText(record?.min_salary));
  const [description, setDescription] = useState(record?.description ?? '');
  const [status, setStatus] = useState<string>(record?.status ?? 'Not Discontinued');
  const [display, setDisplay] = useState(record?.display ?? true);
  const [image, setImage] = useState<File | null>(null);
  const [clearImage, setClearImage] = useState(false);
  const banks = useOptions(bankOptions);
  const networks = useOptions(networkOptions);
  const categories = useOptions(categoryOptions);

  const collect = (): Payload => {
    const data: Payload = {
      name: name.trim(),
      bank_id: bankId ? Number(bankId) : null,
      network_id: networkId ? Number(networkId) : null,
      category_id: categoryId ? Number(categoryId) : null,
      card_type: cardType,
      // Blank stays blank: the server names the field, where a silent 0 would read 'Free for life'.
      annual_fee: numberOrNull(annualFee),
      min_salary: numberOrNull(minSalary),
      description: textOrNull(description),
      status,
      display,
    };
    // Not chosen on a new card: leave them out, so the server says they are required.
    if (!record && !bankId) delete data.bank_id;
    if (!record && !networkId) delete data.network_id;
    if (image) data.image = image;
    else if (clearImage && record?.image) data.remove_image = true;
    return data;
  };

  return (
    <ResourceForm
      {...props}
      what="card"
      editTitle={record ? `Edit ${record.name}` : undefined}
      createLabel="Create card"
      fields={FIELDS}
      collect={collect}
    >
      <Field
        label={label('name')}
        name="name"
        autoFocus
        required
        autoComplete="off"
        placeholder="e.g. Visa Infinite"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <div className="field-pair">
        <SelectField
          label={label('bank_id')}
          name="bank_id"
          required
          value={bankId}
          onChange={(e) => setBankId(e.target.value)}
          options={withCurrent(banks.list, record?.bank_id, record?.bank_name)}
          emptyLabel={banks.loading ? 'Loading banks…' : 'Choose a bank'}
          error={errors.bank_id}
        />
        <SelectField
          label={label('network_id')}
          name="network_id"
          required
          value={networkId}
          onChange={(e) => setNetworkId(e.target.value)}
          options={withCurrent(networks.list, record?.network_id, record?.network_type)}
          emptyLabel={networks.loading ? 'Loading networks…' : 'Choose a network'}
          error={errors.network_id}
        />
      </div>
      <div className="field-pair">
        <SelectField
          label={label('category_id')}
          name="category_id"
          value={categoryId}
          onChange={(e) => setCategoryId(e.target.value)}
          options={withCurrent(categories.list, record?.category_id, record?.category_name)}
          emptyLabel="No category"
          error={errors.category_id}
        />
        <SelectField
          label={label('card_type')}
          name="card_type"
          value={cardType}
          onChange={(e) => setCardType(e.target.value)}
          options={CARD_TYPES}
          emptyLabel="Choose a type"
          error={errors.card_type}
        />
      </div>
      <div className="field-pair">
        <Field
          label={label('annual_fee')}
          name="annual_fee"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={annualFee}
          onChange={(e) => setAnnualFee(e.target.value)}
          error={errors.annual_fee}
          hint="0 for free for life."
        />
        <Field
          label={label('min_salary')}
          name="min_salary"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={minSalary}
          onChange={(e) => setMinSalary(e.target.value)}
          error={errors.min_salary}
          hint="Leave empty when none."
        />
      </div>
      <TextAreaField
        label={label('description')}
        name="description"
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
      />
      <SelectField
        label={label('status')}
        name="status"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value);
          // A discontinued card is hidden too.
          if (e.target.value === 'Discontinued') setDisplay(false);
        }}
        options={STATUSES}
        emptyLabel="Choose a status"
        error={errors.status}
      />
      <CheckField
        name="display"
        label="Shown in the app"
        checked={display}
        onChange={(e) => setDisplay(e.target.checked)}
        error={errors.display}
      />
      <ImageField
        label="Image"
        name="image"
        current={record?.image ?? null}
        file={image}
        onFile={setImage}
        clear={clearImage}
        onClear={setClearImage}
        error={errors.image}
      />
    </ResourceForm>
  );
}
