// The form beside each list: a hero banner, a welcome box, a selected offer, a don't miss out
// banner. Values live here, so a refused save keeps what was typed; each form is keyed by its
// row and version (ItemPane.tsx), so another row or a saved change starts it afresh.
import { useState, type RefObject } from 'react';
import type { DontMissOut, HeroBanner } from '@contract/homepageBanners';
import type { SelectedOffer } from '@contract/homepageSelected';
import { labelOf } from '@contract/fieldLabels';
import { WelcomeBoxCreate, type WelcomeBox } from '@contract/homepageWelcome';
import type { Payload } from '@/api/call';
import { Field } from '@/ui/Field';
import { ImageField, TextAreaField } from '@/ui/FormFields';
import { Badge } from '@/ui/bits';
import { textOrNull } from '@/ui/formParts';
import { formatDay } from '@/lib/format';
import { LinkFields, ScheduleFields, type ScheduleValue } from './formBits';
import { FormShell, schedulePayload } from './FormShell';
import { linkOf, linkPayload } from './links';
import { offerChoice, searchOffers, type Choice } from './pickers';
import { ServerPicker } from './ServerPicker';

export interface ItemFormProps<T> {
  item: T | null;
  errors: Readonly<Record<string, string>>;
  saving: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  onCancel: () => void;
}

const SCHEDULE_FIELDS = ['is_active', 'starts_at', 'ends_at'];
const LINK_FIELDS = ['link_type', 'offer_id', 'card_id', 'bank_id', 'url'];

function useSchedule(item: { is_active: boolean; starts_at: string | null; ends_at: string | null } | null) {
  return useState<ScheduleValue>({
    active: item?.is_active ?? true,
    starts: item?.starts_at ?? '',
    ends: item?.ends_at ?? '',
  });
}

/** A picture for the app: the chosen file goes up with the save; "clear" drops the current one. */
function useImage(): [
  Payload,
  { file: File | null; setFile: (f: File | null) => void; clear: boolean; setClear: (c: boolean) => void },
] {
  const [file, setFile] = useState<File | null>(null);
  const [clear, setClear] = useState(false);
  const payload: Payload = file ? { image: file } : clear ? { remove_image: true } : {};
  return [payload, { file, setFile, clear, setClear }];
}

/** Hero banners and don't miss out banners: title, picture, link, schedule (and a hero's subtitle). */
export function BannerForm({
  item,
  errors,
  saving,
  formRef,
  onCancel,
  hero,
}: ItemFormProps<HeroBanner | DontMissOut> & { hero: boolean }) {
  const [title, setTitle] = useState(item?.title ?? '');
  const [subtitle, setSubtitle] = useState((item && 'subtitle' in item ? item.subtitle : null) ?? '');
  const [link, setLink] = useState(() => linkOf(item));
  const [schedule, setSchedule] = useSchedule(item);
  const [image, img] = useImage();
  const what = hero ? 'hero banner' : "don't miss out banner";
  return (
    <FormShell
      formRef={formRef}
      label={item ? `Edit ${what} ${item.title}` : `New ${what}`}
      isNew={!item}
      createLabel={hero ? 'Create hero banner' : 'Create banner'}
      saving={saving}
      errors={errors}
      fields={['title', 'subtitle', 'image', ...LINK_FIELDS, ...SCHEDULE_FIELDS]}
      onCancel={onCancel}
      collect={() => ({
        title: title.trim(),
        ...(hero ? { subtitle: textOrNull(subtitle) } : {}),
        ...linkPayload(link),
        ...schedulePayload(schedule),
        ...image,
      })}
    >
      <Field
        label="Title"
        name="title"
        required
        autoFocus={!item}
        autoComplete="off"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      {hero && (
        <Field
          label="Subtitle"
          name="subtitle"
          autoComplete="off"
          value={subtitle}
          onChange={(e) => setSubtitle(e.target.value)}
          error={errors.subtitle}
          hint="The smaller line under the title."
        />
      )}
      <ImageField
        label="Image"
        name="image"
        current={item?.image ?? null}
        file={img.file}
        onFile={img.setFile}
        clear={img.clear}
        onClear={img.setClear}
        error={errors.image}
      />
      <LinkFields value={link} onChange={setLink} errors={errors} />
      <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} />
    </FormShell>
  );
}

export function WelcomeBoxForm({ item, errors, saving, formRef, onCancel }: ItemFormProps<WelcomeBox>) {
  const [title, setTitle] = useState(item?.title ?? '');
  const [message, setMessage] = useState(item?.message ?? '');
  const [schedule, setSchedule] = useSchedule(item);
  return (
    <FormShell
      formRef={formRef}
      label={item ? `Edit welcome box ${item.title}` : 'New welcome box'}
      isNew={!item}
      createLabel="Create welcome box"
      saving={saving}
      errors={errors}
      fields={['title', 'message', ...SCHEDULE_FIELDS]}
      onCancel={onCancel}
      collect={() => ({ title: title.trim(), message: message.trim(), ...schedulePayload(schedule) })}
    >
      <Field
        label={labelOf(WelcomeBoxCreate, 'title')}
        name="title"
        required
        autoFocus={!item}
        autoComplete="off"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      <TextAreaField
        label="Message"
        name="message"
        rows={4}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={errors.message}
        hint="Shown on the app's first screen; the first live box by position wins."
      />
      <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} />
    </FormShell>
  );
}

export function SelectedOfferForm({ item, errors, saving, formRef, onCancel }: ItemFormProps<SelectedOffer>) {
  const [offer, setOffer] = useState<Choice | null>(
    item
      ? offerChoice({
          id: item.offer_id,
          title: item.offer_title,
          discount: item.discount,
          bank_names: item.bank_names,
          state: item.state,
        })
      : null,
  );
  const [schedule, setSchedule] = useSchedule(item);
  return (
    <FormShell
      formRef={formRef}
      label={item ? `Edit selected offer ${item.offer_title}` : 'New selected offer'}
      isNew={!item}
      createLabel="Add to selected offers"
      saving={saving}
      errors={errors}
      fields={['offer_id', ...SCHEDULE_FIELDS]}
      onCancel={onCancel}
      collect={() => ({ ...(offer ? { offer_id: offer.id } : {}), ...schedulePayload(schedule) })}
    >
      <ServerPicker
        label="Offer"
        autoFocus={!item}
        value={offer}
        search={searchOffers}
        placeholder={offer ? 'Type to change the offer…' : 'Search offers…'}
        onPick={setOffer}
        error={errors.offer_id}
        hint="The same offer can be selected once."
      />
      {item && (
        <dl className="props hp-offer-props">
          <dt>Valid</dt>
          <dd>
            {formatDay(item.valid_from)} – {formatDay(item.valid_to)}{' '}
            {item.expired && <Badge tone="warn">Expired: the app leaves it out</Badge>}
          </dd>
          <dt>Cards</dt>
          <dd>{item.card_names.join(', ') || <span className="muted">—</span>}</dd>
        </dl>
      )}
      <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} />
    </FormShell>
  );
}
