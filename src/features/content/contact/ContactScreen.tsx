import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { REPLY_MAX, type ContactMessage, type ContactReply } from '@contract/contact';
import { CommandButton } from '@/commands/CommandButton';
import { pathTo } from '@/commands/resourceScreen';
import { AppLink } from '@/ui/AppLink';
import { Kbd } from '@/ui/Kbd';
import { ResourceListView } from '@/screens/ResourceListView';
import { Badge, EmailLink, orDash } from '@/ui/bits';
import { FieldFrame } from '@/ui/FieldFrame';
import { formatAgo, formatDateTime } from '@/lib/format';
import { userRoutes } from '@/screens/paths';
import { replies } from './commands';
import { contactScreen } from './screen';
import '../content.css';

export default function ContactScreen() {
  return (
    <ResourceListView<ContactMessage>
      screen={contactScreen}
      rowHeight={42}
      renderRow={(m) => <ContactRow message={m} />}
      renderDetail={(m) => <ContactDetail message={m} />}
      renderActions={(m) => (
        <>
          <CommandButton id="contact.reply" label="Reply" />
          {m.handled ? (
            <CommandButton id="contact.markOpen" label="Not handled" />
          ) : (
            <CommandButton id="contact.markHandled" label="Handled" />
          )}
        </>
      )}
      renderForm={() => null}
    />
  );
}

function ContactRow({ message: m }: { message: ContactMessage }) {
  return (
    <div className="rec-row">
      <div className="rec-line">
        <span
          className={m.handled ? 'msg-state' : 'msg-state is-open'}
          role="img"
          aria-label={m.handled ? 'Handled' : 'Open'}
          title={m.handled ? 'Handled' : 'Open'}
        />
        <span className={m.handled ? 'rec-title msg-subject' : 'rec-title msg-subject is-open'}>{m.subject}</span>
        <span className="msg-when">{formatAgo(m.created_at)}</span>
      </div>
      <div className="rec-meta">
        <span className="rec-strong">{m.name}</span>
        <span aria-hidden>·</span>
        <span className="rec-ellipsis msg-snippet">{m.message}</span>
        {m.replies.length > 0 && (
          <span className="msg-replies-count">
            {m.replies.length === 1 ? '1 reply' : `${m.replies.length} replies`}
          </span>
        )}
      </div>
    </div>
  );
}

function ContactDetail({ message: m }: { message: ContactMessage }) {
  return (
    <div className="rec-detail">
      <div>
        <div className="rec-hero-title">{m.subject}</div>
        <div className="rec-hero-sub">
          <Badge tone={m.handled ? 'on' : 'accent'}>{m.handled ? 'Handled' : 'Open'}</Badge>
          <span className="muted">Received {formatDateTime(m.created_at)}</span>
        </div>
      </div>
      <dl className="props">
        <dt>From</dt>
        <dd>
          {m.name} · <EmailLink email={m.email} />
        </dd>
        <dt>Phone</dt>
        <dd>{orDash(m.phone)}</dd>
        <dt>App user</dt>
        <dd>
          {m.user_id ? (
            <AppLink to={pathTo(userRoutes.view, m.user_id)}>Open the account</AppLink>
          ) : (
            <span className="muted">Not signed in, or the account is gone</span>
          )}
        </dd>
        {m.handled && (
          <>
            <dt>Handled</dt>
            <dd>
              {m.handled_at ? formatDateTime(m.handled_at) : '—'}
              {m.handled_by_name ? ` by ${m.handled_by_name}` : ''}
            </dd>
          </>
        )}
      </dl>
      <blockquote className="msg-body">{m.message}</blockquote>
      <section className="rec-section" aria-label="Replies">
        <div className="rec-section-head">
          <strong>
            Replies<span className="rec-count">{m.replies.length}</span>
          </strong>
        </div>
        {m.replies.length === 0 && <p className="muted">No reply yet.</p>}
        <ol className="msg-replies">
          {m.replies.map((r) => (
            <Reply key={r.id} reply={r} />
          ))}
        </ol>
        <ReplyForm message={m} />
      </section>
    </div>
  );
}

const MAIL_LABEL: Record<ContactReply['mail_status'], string> = {
  sending: 'Sending',
  sent: 'E-mailed',
  failed: 'Not sent',
};

function Reply({ reply: r }: { reply: ContactReply }) {
  return (
    <li className="msg-reply">
      <div className="msg-reply-head">
        <strong>{r.sent_by_name}</strong>
        <span className="muted">
          {formatDateTime(r.sent_at)} · to {r.sent_to}
        </span>
        <Badge tone={r.mail_status === 'sent' ? 'on' : r.mail_status === 'failed' ? 'warn' : 'off'}>
          {MAIL_LABEL[r.mail_status]}
        </Badge>
      </div>
      <div className="rec-text">{r.text}</div>
      {r.mail_error && <div className="field-error">{r.mail_error}</div>}
    </li>
  );
}

/** The reply box: its text waits in `replies` (./commands.ts); mod+Enter or the button sends it. */
function ReplyForm({ message: m }: { message: ContactMessage }) {
  const snap = useSnapshot(replies);
  const box = useRef<HTMLTextAreaElement>(null);
  // Asked for (r, or the palette from any screen): the cursor goes to this message's reply box.
  useEffect(() => {
    if (snap.focusFor !== m.id) return;
    box.current?.focus();
    replies.focusFor = null;
  }, [snap.focusFor, m.id]);
  const error = snap.errors[m.id];
  const sending = snap.sending === m.id;
  return (
    <div className="msg-reply-form">
      <FieldFrame id="contact-reply" label={`Reply to ${m.email}`} error={error}>
        {(aria) => (
          <textarea
            {...aria}
            ref={box}
            className="input"
            rows={6}
            maxLength={REPLY_MAX}
            value={snap.drafts[m.id] ?? ''}
            onChange={(e) => (replies.drafts[m.id] = e.target.value)}
            placeholder="Write your reply… It is e-mailed to the sender and kept here."
            disabled={sending}
          />
        )}
      </FieldFrame>
      <div className="msg-reply-actions">
        <span className="muted">
          <Kbd shortcut="mod+enter" /> sends · the message then counts as handled
        </span>
        <CommandButton id="contact.sendReply" variant="primary" noKbd />
      </div>
    </div>
  );
}
