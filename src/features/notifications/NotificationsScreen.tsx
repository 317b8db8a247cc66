import type { Notification } from '@contract/notification';
import { CommandButton } from '@/commands/CommandButton';
import { ResourceListView } from '@/screens/ResourceListView';
import { orDash } from '@/ui/bits';
import { NotificationForm } from './NotificationForm';
import { PushPreview, StatusChip, Progress, rowCounts } from './parts';
import { useLiveProgress } from './useLiveProgress';
import { AUDIENCE_LABELS, audienceText, cancellable, notificationScreen } from './screen';
import '@/ui/catalogue.css';
import './notifications.css';
import { formatDateTime, formatNear, formatNumber } from '@/lib/format';

export default function NotificationsScreen() {
  // While any listed notification is sending (or due), its row and pane follow it every 1.5 s.
  useLiveProgress();
  return (
    <ResourceListView<Notification>
      screen={notificationScreen}
      rowHeight={ROW_HEIGHT}
      renderRow={(n) => <NotificationRow n={n} />}
      renderDetail={(n) => <NotificationDetail n={n} />}
      renderForm={(p) => <NotificationForm {...p} />}
      renderActions={(n) =>
        cancellable(n) ? (
          <CommandButton
            id="notification.cancel"
            label={n.status === 'sending' ? 'Stop sending' : 'Cancel'}
            variant="danger"
          />
        ) : null
      }
    />
  );
}

const ROW_HEIGHT = 50;

function NotificationRow({ n }: { n: Notification }) {
  return (
    <div className="rec-row ntf-row">
      <div className="rec-line">
        <span className="rec-title">{n.title}</span>
        <StatusChip n={n} />
      </div>
      <div className="rec-meta">
        <span className="rec-ellipsis" title={audienceText(n)}>
          {audienceText(n)}
        </span>
        <span aria-hidden>·</span>
        <span className="ntf-counts">{rowCounts(n)}</span>
        <span
          className="rec-dates"
          title={`${n.status === 'scheduled' ? 'Goes' : 'Sent'} ${formatDateTime(n.send_at)}`}
        >
          {formatNear(n.send_at)}
        </span>
      </div>
      {n.status === 'sending' && <Progress n={n} slim />}
    </div>
  );
}

function NotificationDetail({ n }: { n: Notification }) {
  return (
    <div className="rec-detail ntf-detail">
      <PushPreview title={n.title} body={n.body} />
      <section className="ntf-status" aria-label="Delivery">
        <div className="ntf-status-head">
          <StatusChip n={n} />
          <span className="ntf-status-text">{statusSentence(n)}</span>
        </div>
        {n.status !== 'scheduled' && <Progress n={n} />}
        {n.failure && (
          <p className="ntf-failure" role="note">
            <strong>Why:</strong> {n.failure}
          </p>
        )}
        <dl className="ntf-figures">
          <div>
            <dt>Audience</dt>
            <dd>{formatNumber(n.audience_size)}</dd>
          </div>
          <div>
            <dt>Sent</dt>
            <dd>{formatNumber(n.sent_count)}</dd>
          </div>
          <div>
            <dt>Failed</dt>
            <dd className={n.failed_count ? 'ntf-failed' : undefined}>{formatNumber(n.failed_count)}</dd>
          </div>
        </dl>
      </section>
      <dl className="props">
        <dt>Audience</dt>
        <dd>
          {AUDIENCE_LABELS[n.audience]}
          {n.audience !== 'all' && <span className="muted"> · {orDash(n.audience_name)}</span>}
        </dd>
        <dt>Opens</dt>
        <dd>
          {n.link_type ? (
            `${LINK_LABELS[n.link_type]}: ${n.link_name ?? '—'}`
          ) : (
            <span className="muted">Nothing (the app opens)</span>
          )}
        </dd>
        <dt>{n.status === 'scheduled' ? 'Goes at' : 'Send time'}</dt>
        <dd>{formatDateTime(n.send_at)}</dd>
        <dt>Started</dt>
        <dd>{n.started_at ? formatDateTime(n.started_at) : <span className="muted">—</span>}</dd>
        <dt>Finished</dt>
        <dd>{n.finished_at ? formatDateTime(n.finished_at) : <span className="muted">—</span>}</dd>
        <dt>Added by</dt>
        <dd>
          {orDash(n.created_by_name)} <span className="muted">· {formatDateTime(n.created_at)}</span>
        </dd>
        <dt>Id</dt>
        <dd className="mono">{n.id}</dd>
      </dl>
    </div>
  );
}

const LINK_LABELS = { offer: 'Offer', card: 'Card', url: 'Web page' } as const;

function statusSentence(n: Notification): string {
  switch (n.status) {
    case 'scheduled':
      return `Goes out ${formatDateTime(n.send_at)} to about ${formatNumber(n.audience_size)} ${n.audience_size === 1 ? 'person' : 'people'}.`;
    case 'sending':
      return `Sending: ${formatNumber(n.sent_count)} of ${formatNumber(n.audience_size)} so far.`;
    case 'sent':
      return n.failed_count
        ? `Sent; ${formatNumber(n.failed_count)} could not be reached.`
        : 'Sent to everyone in its audience.';
    case 'failed':
      // `failure` (shown below the sentence) holds the cause when the job stopped on an error.
      return n.failure
        ? 'Sending stopped on an error; the rest of the queue went on.'
        : 'Nothing could be sent: the push provider refused every message.';
    case 'cancelled':
      return n.sent_count
        ? `Stopped after ${formatNumber(n.sent_count)} of ${formatNumber(n.audience_size)}.`
        : 'Cancelled before it went out.';
  }
}
