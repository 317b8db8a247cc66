import { useState } from 'react';
import { labelOf } from '@contract/fieldLabels';
import { NotificationCreate, type Notification } from '@contract/notification';
import type { Payload } from '@/api/resourceClient';
import { Field } from '@/ui/Field';
import { TextAreaField } from '@/ui/FormFields';
import { ResourceForm } from '@/screens/ResourceForm';
import type { FormProps } from '@/screens/ResourceListView';
import { AudienceFields, type AudienceValue } from './AudienceFields';
import { LinkFields, type LinkValue } from './LinkFields';
import { PushPreview } from './parts';
import { WhenFields, whenToSendAt, type WhenValue } from './WhenFields';

const FIELDS = [
  'title',
  'body',
  'audience',
  'audience_id',
  'link_type',
  'offer_id',
  'card_id',
  'url',
  'send_at',
  'confirm',
];
const TITLE_MAX = 80;
const BODY_MAX = 500;

/**
 * Compose a notification: what it says (with a phone preview), who gets it (with the audience's
 * size as it is chosen), what it opens, and when. Values live here, so a refused send keeps them.
 */
export function NotificationForm(props: FormProps<Notification>) {
  const { errors } = props;
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<AudienceValue>({ kind: 'all', target: null });
  const [link, setLink] = useState<LinkValue>({ type: null, target: null, url: '' });
  const [when, setWhen] = useState<WhenValue>({ now: true, at: '' });

  const collect = (): Payload => {
    const data: Payload = {
      title: title.trim(),
      body: body.trim(),
      audience: audience.kind,
      send_at: whenToSendAt(when),
    };
    if (audience.kind !== 'all') data.audience_id = audience.target?.id ?? null;
    if (link.type) {
      data.link_type = link.type;
      if (link.type === 'url') data.url = link.url.trim() || null;
      else data[`${link.type}_id`] = link.target?.id ?? null;
    }
    return data;
  };

  return (
    <ResourceForm
      {...props}
      what="notification"
      createLabel={when.now ? 'Send now' : 'Schedule'}
      fields={FIELDS}
      collect={collect}
    >
      <div className="ntf-compose">
        <div className="ntf-compose-fields">
          <Field
            label="Title"
            name="title"
            autoFocus
            required
            autoComplete="off"
            maxLength={TITLE_MAX}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={errors.title}
            hint={`${title.length}/${TITLE_MAX} · phones show about 50 characters`}
          />
          <TextAreaField
            label={labelOf(NotificationCreate, 'body')}
            name="body"
            required
            rows={3}
            maxLength={BODY_MAX}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={errors.body}
            hint={`${body.length}/${BODY_MAX}`}
          />
          <AudienceFields value={audience} onChange={setAudience} errors={errors} />
          <LinkFields value={link} onChange={setLink} errors={errors} />
          <WhenFields value={when} onChange={setWhen} errors={errors} />
        </div>
        <PushPreview title={title.trim()} body={body.trim()} />
      </div>
    </ResourceForm>
  );
}
