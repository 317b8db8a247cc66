// The parts every homepage form shares: the switch, the schedule, and a banner's link (an
// offer, a card or a bank picked from the server, or a web address).
import { labelsOf } from '@contract/fieldLabels';
import { LINK_TYPES, LinkInput, ScheduleInput, type LinkType } from '@contract/homepageFields';
import { DateField } from '@/ui/DateField';
import { CheckField, Field } from '@/ui/Field';
import { FieldFrame } from '@/ui/FieldFrame';
import { SelectField } from '@/ui/FormFields';
import { LINK_LABEL, type LinkValue } from './links';
import { searchBanks, searchCards, searchOffers, type Search } from './pickers';
import { ServerPicker } from './ServerPicker';

type Errors = Readonly<Record<string, string>>;

export interface ScheduleValue {
  active: boolean;
  /** ISO instants, '' for none (or the typed text while it is not a date: src/ui/DateField.tsx). */
  starts: string;
  ends: string;
}

export function ScheduleFields({
  value,
  onChange,
  errors,
}: {
  value: ScheduleValue;
  onChange: (v: ScheduleValue) => void;
  errors: Errors;
}) {
  return (
    <FieldFrame group label="Shown in the app" className="hp-fieldset">
      <CheckField
        name="is_active"
        label="Active"
        checked={value.active}
        onChange={(e) => onChange({ ...value, active: e.target.checked })}
        error={errors.is_active}
      />
      <div className="field-pair">
        {/* A day typed alone: from its start, until its last minute. */}
        <DateField
          label={scheduleLabel('starts_at')}
          name="starts_at"
          kind="datetime"
          dayTime="00:00"
          value={value.starts}
          onChange={(starts) => onChange({ ...value, starts })}
          error={errors.starts_at}
          hint="Empty: already."
        />
        <DateField
          label={scheduleLabel('ends_at')}
          name="ends_at"
          kind="datetime"
          dayTime="23:59"
          value={value.ends}
          onChange={(ends) => onChange({ ...value, ends })}
          error={errors.ends_at}
          hint="Empty: no end."
        />
      </div>
    </FieldFrame>
  );
}

/** The fields as the contract names them: the server's messages say the same (contract/fieldLabels.ts). */
const scheduleLabel = labelsOf({ properties: ScheduleInput });
const linkLabel = labelsOf({ properties: LinkInput });

const SEARCH: Record<Exclude<LinkType, 'url'>, Search> = { offer: searchOffers, card: searchCards, bank: searchBanks };

/** What the banner opens in the app. */
export function LinkFields({
  value,
  onChange,
  errors,
}: {
  value: LinkValue;
  onChange: (v: LinkValue) => void;
  errors: Errors;
}) {
  const type = value.type;
  return (
    <FieldFrame group label="Opens" className="hp-fieldset">
      <SelectField
        label={linkLabel('link_type')}
        name="link_type"
        emptyLabel="Nothing (no link)"
        value={type ?? ''}
        options={LINK_TYPES.map((t) => ({ value: t, label: LINK_LABEL[t] }))}
        onChange={(e) => onChange({ type: (e.target.value || null) as LinkType | null, target: null, url: value.url })}
        error={errors.link_type}
      />
      {type === 'url' && (
        <Field
          label={linkLabel('url')}
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={value.url}
          onChange={(e) => onChange({ ...value, url: e.target.value })}
          error={errors.url}
        />
      )}
      {type && type !== 'url' && (
        <ServerPicker
          key={type}
          label={LINK_LABEL[type]}
          value={value.target}
          search={SEARCH[type]}
          placeholder={value.target ? 'Type to change…' : `Search ${type}s…`}
          onPick={(c) => onChange({ ...value, target: { id: c.id, label: c.label } })}
          error={errors[`${type}_id`]}
        />
      )}
    </FieldFrame>
  );
}
