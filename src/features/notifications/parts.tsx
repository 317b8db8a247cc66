// What the list, the pane and the compose form share: the status chip, the progress bar with
// its counts, and how the message looks on a phone's lock screen.
import type { Notification } from '@contract/notification';
import { STATUS_LABELS } from './screen';
import { formatNumber } from '@/lib/format';

type Counted = Pick<Notification, 'status' | 'audience_size' | 'sent_count' | 'failed_count'>;

/** Done so far, 0…1 (sent and failed both count: neither is waiting any more). */
export const doneFraction = (n: Counted) =>
  n.audience_size ? Math.min(1, (n.sent_count + n.failed_count) / n.audience_size) : 0;

export function StatusChip({ n }: { n: Counted }) {
  const pct = n.status === 'sending' ? ` ${Math.floor(doneFraction(n) * 100)}%` : '';
  return <span className={`ntf-chip ntf-chip-${n.status}`}>{`${STATUS_LABELS[n.status]}${pct}`}</span>;
}

/** '12,400 of 100,000 sent', '191 people', '190 sent · 1 failed'. */
export function countsText(n: Counted): string {
  const people = `${formatNumber(n.audience_size)} ${n.audience_size === 1 ? 'person' : 'people'}`;
  if (n.status === 'scheduled') return people;
  if (n.status === 'sending') return `${formatNumber(n.sent_count)} of ${formatNumber(n.audience_size)} sent`;
  const failed = n.failed_count ? ` · ${formatNumber(n.failed_count)} failed` : '';
  return `${formatNumber(n.sent_count)} of ${people} sent${failed}`;
}

/** The row's short form: '190/191 sent · 1 failed', '191 people' while scheduled. */
export function rowCounts(n: Counted): string {
  if (n.status === 'scheduled')
    return `${formatNumber(n.audience_size)} ${n.audience_size === 1 ? 'person' : 'people'}`;
  const failed = n.failed_count ? ` · ${formatNumber(n.failed_count)} failed` : '';
  return `${formatNumber(n.sent_count)}/${formatNumber(n.audience_size)} sent${failed}`;
}

export function Progress({ n, slim = false }: { n: Counted; slim?: boolean }) {
  const sent = n.audience_size ? n.sent_count / n.audience_size : 0;
  const failed = n.audience_size ? n.failed_count / n.audience_size : 0;
  return (
    <div
      className={slim ? 'ntf-progress ntf-progress-slim' : 'ntf-progress'}
      role="progressbar"
      aria-label="Sent"
      aria-valuemin={0}
      aria-valuemax={n.audience_size}
      aria-valuenow={n.sent_count + n.failed_count}
      aria-valuetext={countsText(n)}
    >
      <span className="ntf-progress-sent" style={{ width: `${sent * 100}%` }} />
      <span className="ntf-progress-failed" style={{ width: `${failed * 100}%` }} />
    </div>
  );
}

/** The notification as the app's users see it arrive. */
export function PushPreview({ title, body }: { title: string; body: string }) {
  return (
    <figure className="ntf-preview" aria-label="How it looks on a phone">
      <div className="ntf-preview-card">
        <span className="ntf-preview-icon" aria-hidden>
          %
        </span>
        <div className="ntf-preview-text">
          <div className="ntf-preview-app">
            <span>CARDS</span>
            <span>now</span>
          </div>
          <div className="ntf-preview-title">{title || <span className="muted">Title</span>}</div>
          <div className="ntf-preview-body">{body || <span className="muted">Your message appears here.</span>}</div>
        </div>
      </div>
    </figure>
  );
}
