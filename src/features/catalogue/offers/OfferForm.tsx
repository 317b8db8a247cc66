import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { offerResource, type Offer } from '@contract/offer';
import { labelsOf } from '@contract/fieldLabels';
import type { Payload } from '@/api/resourceClient';
import { dubaiDay } from '@contract/dubaiTime';
import { DateField } from '@/ui/DateField';
import { Field } from '@/ui/Field';
import { ImageField, SelectField, TextAreaField } from '@/ui/FormFields';
import { RecordPicker, type PickerOption } from '@/ui/RecordPicker';
import { ResourceForm } from '@/screens/ResourceForm';
import type { FormProps } from '@/screens/ResourceListView';
import { textOrNull } from '@/ui/formParts';
import {
  cardOption,
  categories,
  isMissing,
  outletOption,
  searchCards,
  searchOutlets,
  useCards,
  useOutlets,
} from '@/ui/lookups';

/** Each field as the contract names it: the server's messages say the same (contract/fieldLabels.ts). */
const label = labelsOf(offerResource.create);
const FIELDS = [
  'title',
  'discount',
  'valid_from',
  'valid_to',
  'description',
  'terms',
  'category_id',
  'card_ids',
  'outlet_ids',
  'from_source',
  'image',
];

/**
 * Chosen records by id, with names: those of the record arrive by id (show calls), those
 * picked since come with their option. The ids are the truth; names fill in as they come.
 */
function useChosen(
  initial: readonly number[],
  load: (ids: readonly number[]) => { records: object[] },
  toOption: (r: never) => PickerOption,
  noun: string,
) {
  const [ids, setIds] = useState<number[]>([...initial]);
  const [picked, setPicked] = useState<Map<number, PickerOption>>(new Map());
  const loaded = load(initial);
  const known = useMemo(() => {
    const m = new Map<number, PickerOption>();
    for (const r of loaded.records) {
      const rec = r as { id: number };
      m.set(
        rec.id,
        isMissing(rec) ? { id: rec.id, label: `${noun} ${rec.id}`, hint: 'not found' } : toOption(rec as never),
      );
    }
    return m;
  }, [loaded.records, toOption, noun]);
  const value = ids.map((id) => picked.get(id) ?? known.get(id) ?? { id, label: `${noun} ${id}`, hint: '…' });
  const onChange = (next: PickerOption[]) => {
    setPicked((m) => new Map([...m, ...next.map((o) => [o.id, o] as const)]));
    setIds(next.map((o) => o.id));
  };
  return { ids, value, onChange };
}

/** The list filters a new record can start from (read once: the form keeps its own values). */
function usePreset(isNew: boolean) {
  const search = useSearch();
  const [preset] = useState(() => {
    const p = new URLSearchParams(isNew ? search : '');
    const id = (k: string) => (/^\d+$/.test(p.get(k) ?? '') ? [Number(p.get(k))] : []);
    return { category: id('category').map(String)[0], cards: id('card'), outlets: id('outlet') };
  });
  return preset;
}

/** Add or edit an offer. Values live here, so a refused save keeps what was typed. */
export function OfferForm(props: FormProps<Offer>) {
  const { record, errors } = props;
  // A new offer started from a filtered list (/add-offer?outlet=5) begins with that filter's choice.
  const preset = usePreset(record === null);
  const [title, setTitle] = useState(record?.title ?? '');
  const [discount, setDiscount] = useState(record?.discount ?? '');
  const [validFrom, setValidFrom] = useState(record?.valid_from ?? dubaiDay());
  const [validTo, setValidTo] = useState(record?.valid_to ?? '');
  const [description, setDescription] = useState(record?.description ?? '');
  const [terms, setTerms] = useState(record?.terms ?? '');
  const [categoryId, setCategoryId] = useState(
    record ? (record.category_id ? String(record.category_id) : '') : (preset.category ?? ''),
  );
  const [source, setSource] = useState(record?.from_source ?? 'manual');
  const [image, setImage] = useState<File | null>(null);
  const [clearImage, setClearImage] = useState(false);
  const cards = useChosen(record?.card_ids ?? preset.cards, useCards, cardOption as (r: never) => PickerOption, 'Card');
  const outlets = useChosen(
    record?.outlet_ids ?? preset.outlets,
    useOutlets,
    outletOption as (r: never) => PickerOption,
    'Outlet',
  );
  const categoryList = categories.useList();

  const collect = (): Payload => {
    const data: Payload = {
      title: title.trim(),
      discount: discount.trim(),
      valid_from: validFrom,
      valid_to: validTo,
      description: textOrNull(description),
      terms: textOrNull(terms),
      category_id: categoryId ? Number(categoryId) : null,
      card_ids: cards.ids,
      outlet_ids: outlets.ids,
      from_source: source.trim(),
    };
    if (image) data.image = image;
    else if (clearImage && record?.image) data.remove_image = true;
    return data;
  };

  const categoryOptions = (categoryList ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (record?.category_id && !categoryOptions.some((o) => o.value === record.category_id)) {
    categoryOptions.push({
      value: record.category_id,
      label: record.category_name ?? `Category ${record.category_id}`,
    });
  }

  return (
    <ResourceForm
      {...props}
      what="offer"
      editTitle={record ? `Edit ${record.title}` : undefined}
      createLabel="Create offer"
      fields={FIELDS}
      collect={collect}
    >
      <Field
        label={label('title')}
        name="title"
        autoFocus
        required
        autoComplete="off"
        placeholder="e.g. 20% off at Nayomi"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      <Field
        label={label('discount')}
        name="discount"
        required
        autoComplete="off"
        placeholder="e.g. 20% off, Buy 1 get 1"
        value={discount}
        onChange={(e) => setDiscount(e.target.value)}
        error={errors.discount}
      />
      <div className="field-pair">
        <DateField
          label={label('valid_from')}
          name="valid_from"
          required
          value={validFrom}
          onChange={setValidFrom}
          error={errors.valid_from}
        />
        <DateField
          label={label('valid_to')}
          name="valid_to"
          required
          value={validTo}
          onChange={setValidTo}
          error={errors.valid_to}
        />
      </div>
      <SelectField
        label={label('category_id')}
        name="category_id"
        value={categoryId}
        onChange={(e) => setCategoryId(e.target.value)}
        options={categoryOptions}
        emptyLabel="No category"
        error={errors.category_id}
      />
      <RecordPicker
        label={label('card_ids')}
        name="card_ids"
        multiple
        value={cards.value}
        onChange={cards.onChange}
        search={searchCards}
        placeholder="Search cards by name or bank…"
        error={errors.card_ids}
        hint="The cards this offer applies to."
      />
      <RecordPicker
        label={label('outlet_ids')}
        name="outlet_ids"
        multiple
        value={outlets.value}
        onChange={outlets.onChange}
        search={searchOutlets}
        placeholder="Search outlets by merchant or area…"
        error={errors.outlet_ids}
        hint="Where the offer can be used."
      />
      <TextAreaField
        label={label('description')}
        name="description"
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
      />
      <TextAreaField
        label={label('terms')}
        name="terms"
        rows={4}
        value={terms}
        onChange={(e) => setTerms(e.target.value)}
        error={errors.terms}
      />
      <Field
        label={label('from_source')}
        name="from_source"
        autoComplete="off"
        className="field-source"
        value={source}
        onChange={(e) => setSource(e.target.value.toLowerCase())}
        error={errors.from_source}
        hint="‘manual’, or the crawl source it came from (lowercase, digits, - and _)."
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
