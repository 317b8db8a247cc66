// Contact messages' own calls (contract/contact.ts); list, show and delete are derived
// (server/routes/crud.ts). A reply is recorded first and e-mailed once that committed, so a
// mail never goes out for a reply the database lost; how the mail went is written back on
// the reply, and the answer carries it.
import { REPLY_SENT, replyToContact, setContactHandled, type ContactMessage } from '@contract/contact';
import type { Db } from '../db/connection';
import { HttpError, badField } from '../errors';
import { bind, type Bound } from '../http/handle';
import { addReply, getContact, setHandled, setMailStatus } from '../repositories/contactMessages';
import { oneAddress, type Mail, type Mailer } from '../services/mail';

const notFound = () => new HttpError(404, 'Contact message not found.');

export function contactHandlers({ db, mailer }: { db: Db; mailer: Mailer }): Bound[] {
  return [
    bind(setContactHandled, async ({ params, body }, tx, ctx) => {
      const row = await setHandled(tx, params.id, body.handled, ctx.user!.id);
      if (!row) throw notFound();
      return { message: setContactHandled.message!, data: row };
    }),
    bind(replyToContact, async ({ params, body }, tx, ctx) => {
      const message = await getContact(tx, params.id, { lock: true });
      if (!message) throw notFound();
      // The app stores what was typed: a reply goes to the one address it names, or not at all
      // (never to "a@x, b@y" both, nor with a header a line break would start).
      const to = oneAddress(message.email);
      if (!to)
        throw badField('email', "This message's e-mail is not exactly one address, so no reply can be sent to it.");
      const who = { id: ctx.user!.id, name: ctx.user!.name };
      const replyId = await addReply(tx, message, to, body.text, who);
      const data = (await setHandled(tx, message.id, true, who.id))!;
      const answer = { message: REPLY_SENT, data };
      // After-commit steps run before the answer leaves (server/http/handle.ts), so the
      // answer is brought up to date with how the mail went.
      ctx.afterCommit(async () => {
        const reply = data.replies.find((r) => r.id === replyId);
        let error: string | null = null;
        try {
          await mailer.send(replyMail(message, to, body.text, who.name));
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
        const status = error ? 'failed' : 'sent';
        await db.transaction((t) => setMailStatus(t, replyId, status, error));
        if (reply) Object.assign(reply, { mail_status: status, mail_error: error });
        if (error) answer.message = `The reply was saved, but its e-mail could not be sent: ${error}`;
      });
      return answer;
    }),
  ];
}

/** The e-mail of a reply: the text, who answered, and the message it answers, quoted. */
function replyMail(message: ContactMessage, to: string, text: string, by: string): Mail {
  // A header holds one line: a subject with a line break in it would start another header.
  const subject = `Re: ${message.subject}`.replace(/[\r\n]+/g, ' ').slice(0, 200);
  const when = new Date(message.created_at).toUTCString();
  const quoted = message.message
    .split(/\r?\n/)
    .map((l) => `> ${l}`)
    .join('\n');
  return { to, subject, text: `${text}\n\n${by}\nCustomer support\n\nOn ${when}, ${message.name} wrote:\n${quoted}\n` };
}
