import { useState } from 'react';
import { useSearch } from 'wouter';
import { outletResource, type Outlet } from '@contract/outlet';
import { labelsOf } from '@contract/fieldLabels';
import type { Payload } from '@/api/resourceClient';
import { Field } from '@/ui/Field';
import { ImageField, SelectField, TextAreaField } from '@/ui/FormFields';
import { RecordPicker, type PickerOption } from '@/ui/RecordPicker';
import { numberOrNull, numberText, ResourceForm } from '@/screens/ResourceForm';
import type { FormProps } from '@/screens/ResourceListView';
import { textOrNull } from '@/ui/formParts';
import { categories, searchAreas } from '@/ui/lookups';

/** Each field as the contract names it: the server's messages say the same (contract/fieldLabels.ts). */
const label = labelsOf(outletResource.update);
const FIELDS = [
  'merchant_name',
  'branch',
  'category_id',
  'area_id',
  'address',
  'latitude',
  'longitude',
  'phone',
  'image',
];

/** Add or edit an outlet. Values live here, so a refused save keeps what was typed. */
export function OutletForm(props: FormProps<Outlet>) {
  const { record, errors } = props;
  // A new outlet started from a filtered list (/add-outlet?category=1) begins in that category.
  const search = useSearch();
  const [presetCategory] = useState(() =>
    record ? '' : (new URLSearchParams(search).get('category') ?? '').replace(/\D/g, ''),
  );
  const [merchant, setMerchant] = useState(record?.merchant_name ?? '');
  const [branch, setBranch] = useState(record?.branch ?? '');
  const [categoryId, setCategoryId] = useState(
    record ? (record.category_id ? String(record.category_id) : '') : presetCategory,
  );
  const [area, setArea] = useState<PickerOption[]>(
    record?.area_id ? [{ id: record.area_id, label: record.area_name ?? `Area ${record.area_id}` }] : [],
  );
  const [address, setAddress] = useState(record?.address ?? '');
  const [latitude, setLatitude] = useState(numberText(record?.latitude));
  const [longitude, setLongitude] = useState(numberText(record?.longitude));
  const [phone, setPhone] = useState(record?.phone ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [clearImage, setClearImage] = useState(false);
  const categoryList = categories.useList();

  const collect = (): Payload => {
    const data: Payload = {
      merchant_name: merchant.trim(),
      branch: textOrNull(branch),
      category_id: categoryId ? Number(categoryId) : null,
      area_id: area[0]?.id ?? null,
      address: textOrNull(address),
      latitude: numberOrNull(latitude),
      longitude: numberOrNull(longitude),
      phone: textOrNull(phone),
    };
    if (image) data.image = image;
    else if (clearImage && record?.image) data.remove_image = true;
    return data;
  };

  const categoryOptions = (categoryList ?? []).map((c) => ({ value: c.id, label: c.name }));
  // The record's category before the list arrives (or if it was made inactive since).
  if (record?.category_id && !categoryOptions.some((o) => o.value === record.category_id)) {
    categoryOptions.push({
      value: record.category_id,
      label: record.category_name ?? `Category ${record.category_id}`,
    });
  }

  return (
    <ResourceForm
      {...props}
      what="outlet"
      editTitle={record ? `Edit ${record.merchant_name}` : undefined}
      createLabel="Create outlet"
      fields={FIELDS}
      collect={collect}
    >
      <Field
        label={label('merchant_name')}
        name="merchant_name"
        autoFocus
        required
        autoComplete="off"
        value={merchant}
        onChange={(e) => setMerchant(e.target.value)}
        error={errors.merchant_name}
      />
      <Field
        label={label('branch')}
        name="branch"
        autoComplete="off"
        placeholder="e.g. Dubai Mall"
        value={branch}
        onChange={(e) => setBranch(e.target.value)}
        error={errors.branch}
      />
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
        label={label('area_id')}
        name="area_id"
        value={area}
        onChange={setArea}
        search={searchAreas}
        placeholder={area.length ? 'Type to change the area…' : 'Search Dubai areas…'}
        error={errors.area_id}
      />
      <TextAreaField
        label={label('address')}
        name="address"
        rows={2}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        error={errors.address}
      />
      <div className="field-pair">
        <Field
          label={label('latitude')}
          name="latitude"
          type="number"
          inputMode="decimal"
          step="any"
          min={-90}
          max={90}
          placeholder="25.2048"
          value={latitude}
          onChange={(e) => setLatitude(e.target.value)}
          error={errors.latitude}
        />
        <Field
          label={label('longitude')}
          name="longitude"
          type="number"
          inputMode="decimal"
          step="any"
          min={-180}
          max={180}
          placeholder="55.2708"
          value={longitude}
          onChange={(e) => setLongitude(e.target.value)}
          error={errors.longitude}
        />
      </div>
      <Field
        label={label('phone')}
        name="phone"
        type="tel"
        autoComplete="off"
        placeholder="+971 4 000 0000"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={errors.phone}
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
