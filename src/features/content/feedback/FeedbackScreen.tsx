import type { Feedback } from '@contract/feedback';
import { CommandButton } from '@/commands/CommandButton';
import { pathTo } from '@/commands/resourceScreen';
import { AppLink } from '@/ui/AppLink';
import { ResourceListView } from '@/screens/ResourceListView';
import { Badge, orDash } from '@/ui/bits';
import { cardRoutes } from '@/screens/paths';
import { formatAgo, formatDateTime } from '@/lib/format';
import { offerRoutes } from '@/screens/paths';
import { userRoutes } from '@/screens/paths';
import { feedbackScreen, stars, subjectOf } from './screen';
import '../content.css';

export default function FeedbackScreen() {
  return (
    <ResourceListView<Feedback>
      screen={feedbackScreen}
      rowHeight={42}
      renderRow={(f) => <FeedbackRow entry={f} />}
      renderDetail={(f) => <FeedbackDetail entry={f} />}
      renderActions={(f) => (
        <>
          {(f.offer_id || f.card_id) && (
            <CommandButton id="feedback.openSubject" label={f.about === 'offer' ? 'Offer' : 'Card'} />
          )}
          {f.user_id && <CommandButton id="feedback.openUser" label="User" />}
        </>
      )}
      renderForm={() => null}
    />
  );
}

export function Stars({ rating, large = false }: { rating: number; large?: boolean }) {
  return (
    <span
      className={`stars stars-${rating}${large ? ' stars-lg' : ''}`}
      role="img"
      aria-label={`${rating} of 5 stars`}
      title={`${rating} of 5`}
    >
      {stars(rating)}
    </span>
  );
}

function FeedbackRow({ entry: f }: { entry: Feedback }) {
  return (
    <div className="rec-row">
      <div className="rec-line">
        <Stars rating={f.rating} />
        <span className="rec-title">{subjectOf(f)}</span>
        <span className="msg-when">{formatAgo(f.created_at)}</span>
      </div>
      <div className="rec-meta">
        <span className="rec-strong">{f.user_name ?? 'A deleted user'}</span>
        <span aria-hidden>·</span>
        <span className={f.comment ? 'rec-ellipsis msg-snippet' : 'rec-ellipsis msg-snippet is-empty'}>
          {f.comment ?? 'No comment'}
        </span>
      </div>
    </div>
  );
}

function FeedbackDetail({ entry: f }: { entry: Feedback }) {
  const subject = f.offer_id
    ? pathTo(offerRoutes.view, f.offer_id)
    : f.card_id
      ? pathTo(cardRoutes.view, f.card_id)
      : null;
  return (
    <div className="rec-detail">
      <div>
        <Stars rating={f.rating} large />
        <div className="rec-hero-sub">
          <Badge tone={f.rating >= 4 ? 'on' : f.rating <= 2 ? 'warn' : 'off'}>{f.rating} of 5</Badge>
          <span className="muted">Given {formatDateTime(f.created_at)}</span>
        </div>
      </div>
      {f.comment ? (
        <blockquote className="msg-body">{f.comment}</blockquote>
      ) : (
        <p className="muted">No comment, only the rating.</p>
      )}
      <dl className="props">
        <dt>About {f.about === 'offer' ? 'the offer' : 'the card'}</dt>
        <dd>
          {subject ? <AppLink to={subject}>{subjectOf(f)}</AppLink> : <span className="muted">{subjectOf(f)}</span>}
        </dd>
        {f.about === 'card' && (
          <>
            <dt>Bank</dt>
            <dd>{orDash(f.bank_name)}</dd>
          </>
        )}
        <dt>From</dt>
        <dd>
          {f.user_id ? (
            <AppLink to={pathTo(userRoutes.view, f.user_id)}>{f.user_name}</AppLink>
          ) : (
            <span className="muted">A deleted user</span>
          )}
          {f.user_email && <span className="muted"> · {f.user_email}</span>}
        </dd>
        <dt>Id</dt>
        <dd className="mono">{f.id}</dd>
      </dl>
    </div>
  );
}
