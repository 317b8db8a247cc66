// Contact messages: what people wrote to support from the app or the website. The list, show
// and delete calls are derived (contract/resource.ts); marking one handled and replying are
// the exceptions. A reply goes out as an e-mail through the server's mailer once it is
// recorded, and stays on the message with who sent it, when, and whether the mail went out.
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { RecordEnvelope } from './envelope';
import { Nullable } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';
import { IdParams, defineResource } from './resource';

const DateTime = Type.String({ format: 'date-time' });

/** Where a reply's e-mail stands: sent, or failed (with the mailer's words). */
export const MailStatus = Type.Union([Type.Literal('sending'), Type.Literal('sent'), Type.Literal('failed')]);
export type MailStatus = Static<typeof MailStatus>;

export const ContactReply = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  /** The address the e-mail went to (the message's, at the time). */
  sent_to: Type.String(),
  sent_by: Nullable(Type.Integer()),
  sent_by_name: Type.String(),
  sent_at: DateTime,
  mail_status: MailStatus,
  mail_error: Nullable(Type.String()),
});
export type ContactReply = Static<typeof ContactReply>;

export const ContactMessage = Type.Object({
  id: Type.Integer(),
  /** The app user who wrote it, when signed in (null: a visitor, or the account is gone). */
  user_id: Nullable(Type.Integer()),
  name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  subject: Type.String(),
  message: Type.String(),
  handled: Type.Boolean(),
  handled_at: Nullable(DateTime),
  handled_by_name: Nullable(Type.String()),
  /** Oldest first. */
  replies: Type.Array(ContactReply),
  created_at: DateTime,
  updated_at: DateTime,
});
export type ContactMessage = Static<typeof ContactMessage>;

export const ContactFilters = Type.Object({
  handled: Type.Optional(Type.Boolean({ description: 'true: handled only; false: still open' })),
});

export const contactResource = defineResource({
  name: 'contact',
  label: { one: 'Contact message', many: 'Contact messages' },
  about:
    'A contact message is what someone wrote to support: name, email, phone, subject, message, whether it is handled, and the replies sent (each e-mailed). The query searches name, e-mail, phone, subject and message; newest first unless sorted',
  storage: { table: 'contact_messages', view: 'contact_messages_view' },
  // Messages come from the app: no add or update here.
  paths: { list: '/all_contact', show: '/show_contact', add: '', update: '', remove: '/delete_contact/:id' },
  omit: ['add', 'update'],
  showIdIn: 'query',
  updateMethod: 'POST',
  removeIdParam: '',
  filters: ContactFilters,
  sortable: ['created_at', 'name', 'subject'],
  defaultSort: '-created_at',
  // Whoever wrote, and where each reply went.
  personal: { email: 'email', phone: 'phone', sent_to: 'email' },
  entity: ContactMessage,
  create: Type.Object({}),
  update: Type.Object({}),
  messages: {
    added: '',
    updated: '',
    deleted: 'Contact message deleted successfully!',
    shown: 'Contact message fetched successfully!',
  },
});

export const CONTACT_UPDATED = 'Contact message updated successfully!';
export const REPLY_SENT = 'Reply sent successfully!';
export const REPLY_MAX = 10_000;

const exception = {
  tag: contactResource.label.many,
  access: 'admin' as const,
  resource: 'contact',
  permission: 'contact.write',
  touches: ['contact'],
  personal: contactResource.personal,
};

export const HandledBody = Type.Object({ handled: Type.Boolean({ description: 'true: handled; false: open again' }) });

export const setContactHandled = defineOp({
  ...exception,
  id: 'contact.setHandled',
  method: 'POST',
  path: `${ADMIN_ROOT}/contact/:id/handled`,
  summary: 'Mark a contact message handled (or open again)',
  params: IdParams,
  body: HandledBody,
  response: RecordEnvelope(ContactMessage),
  message: CONTACT_UPDATED,
});

export const ReplyBody = Type.Object({
  // Not blank. (A NUL, which no e-mail or database takes, is refused for every field:
  // server/services/storable.ts.)
  text: Type.String({
    minLength: 1,
    maxLength: REPLY_MAX,
    pattern: '\\S',
    description: 'the reply, plain text',
  }),
});
export type ReplyBody = Static<typeof ReplyBody>;

export const replyToContact = defineOp({
  ...exception,
  id: 'contact.reply',
  method: 'POST',
  path: `${ADMIN_ROOT}/contact/:id/reply`,
  summary:
    "Reply to a contact message: recorded on it, then e-mailed to its address; the message counts as handled. The reply's mail_status says whether the mail went out",
  params: IdParams,
  body: ReplyBody,
  response: RecordEnvelope(ContactMessage),
  message: REPLY_SENT,
});
