// Contact messages beyond the derived list, show and delete (contract/contact.ts): marking
// one handled, and the replies recorded on it. Reads go through contact_messages_view, which
// carries the replies (migration 010_content.sql).
import type { ContactMessage, ContactReply } from '@contract/contact';
import type { Tx } from '../db/connection';
import { normalise } from './crud';

export async function getContact(tx: Tx, id: number, { lock = false } = {}): Promise<ContactMessage | null> {
  if (lock && !(await tx.query('select id from contact_messages where id = $1 for update', [id])).rows.length)
    return null;
  return normalise<ContactMessage>((await tx.query('select * from contact_messages_view where id = $1', [id])).rows[0]);
}

/** Handled by `by` now, or open again. Null when the message does not exist. */
export async function setHandled(tx: Tx, id: number, handled: boolean, by: number): Promise<ContactMessage | null> {
  const row = (
    await tx.query(
      `update contact_messages set handled = $2,
         handled_at = case when $2 then coalesce(case when handled then handled_at end, now()) end,
         handled_by = case when $2 then coalesce(case when handled then handled_by end, $3) end,
         updated_at = now()
       where id = $1 returning id`,
      [id, handled, by],
    )
  ).rows[0];
  return row ? getContact(tx, id) : null;
}

/** Records a reply (its mail still to go) on a locked message; returns the reply's id. */
/** `to`: the one address the reply goes to (server/services/mail.ts oneAddress). */
export async function addReply(
  tx: Tx,
  message: ContactMessage,
  to: string,
  text: string,
  by: { id: number; name: string },
): Promise<number> {
  const row = (
    await tx.query<{ id: number }>(
      'insert into contact_replies (contact_id, text, sent_to, sent_by, sent_by_name) values ($1, $2, $3, $4, $5) returning id',
      [message.id, text, to, by.id, by.name],
    )
  ).rows[0];
  return Number(row.id);
}

/** How the reply's mail went. */
export async function setMailStatus(
  tx: Tx,
  replyId: number,
  status: ContactReply['mail_status'],
  error: string | null,
): Promise<void> {
  await tx.query('update contact_replies set mail_status = $2, mail_error = $3 where id = $1', [
    replyId,
    status,
    error,
  ]);
}
