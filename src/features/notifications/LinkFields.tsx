// What tapping the notification opens in the app: nothing, an offer, a card, or a web page.
import { labelsOf } from '@contract/fieldLabels';
import { NOTIFICATION_LINK_TYPES, NotificationCreate, type NotificationLinkType } from '@contract/notification';
import { Field } from '@/ui/Field';
import { FieldFrame } from '@/ui/FieldFrame';
import { SelectField } from '@/ui/FormFields';
import { RecordPicker, type PickerOption } from '@/ui/RecordPicker';
import { searchCards } from '@/ui/lookups';
import { searchOffers } from './pickers';

export interface LinkValue {
  type: NotificationLinkType | null;
  target: PickerOption | null;
  url: string;
}

/** The fields as the contract names them: the server's messages say the same (contract/fieldLabels.ts). */
const label = labelsOf(NotificationCreate);
const LABELS: Readonly<Record<NotificationLinkType, string>> = { offer: 'An offer', card: 'A card', url: 'A web page' };
const PICKERS = {
  offer: { label: 'Offer', placeholder: 'Search live offers…', search: searchOffers },
  card: { label: 'Card', placeholder: 'Search cards…', search: searchCards },
} as const;

export function LinkFields({
  value,
  onChange,
  errors,
}: {
  value: LinkValue;
  onChange: (v: LinkValue) => void;
  errors: Readonly<Record<string, string>>;
}) {
  const picker = value.type === 'offer' || value.type === 'card' ? PICKERS[value.type] : null;
  return (
    <FieldFrame group label="Opens" className="ntf-fieldset">
      <SelectField
        label={label('link_type')}
        name="link_type"
        emptyLabel="The app (no link)"
        value={value.type ?? ''}
        options={NOTIFICATION_LINK_TYPES.map((t) => ({ value: t, label: LABELS[t] }))}
        onChange={(e) =>
          onChange({ type: (e.target.value || null) as NotificationLinkType | null, target: null, url: value.url })
        }
        error={errors.link_type}
      />
      {value.type === 'url' && (
        <Field
          label={label('url')}
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={value.url}
          onChange={(e) => onChange({ ...value, url: e.target.value })}
          error={errors.url}
        />
      )}
      {picker && value.type !== 'url' && value.type && (
        <RecordPicker
          key={value.type}
          label={picker.label}
          name={`${value.type}_id`}
          value={value.target ? [value.target] : []}
          onChange={(next) => onChange({ ...value, target: next[0] ?? null })}
          search={picker.search}
          placeholder={picker.placeholder}
          error={errors[`${value.type}_id`]}
        />
      )}
    </FieldFrame>
  );
}
