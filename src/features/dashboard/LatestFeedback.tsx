// The latest feedback (total_counts' feedbackData), each opening on the feedback screen.
import { Link } from 'wouter';
import type { Feedback } from '@contract/feedback';
import { formatAgo } from '@/lib/format';

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

export function LatestFeedback({ feedback }: { feedback: readonly Feedback[] }) {
  return (
    <section className="dash-section" aria-labelledby="dash-feedback">
      <div className="dash-heading-row">
        <h2 id="dash-feedback" className="dash-heading">
          Latest feedback
        </h2>
        <Link href="/feedback" className="dash-more">
          All feedback
        </Link>
      </div>
      {feedback.length === 0 ? (
        <p className="muted">No feedback yet.</p>
      ) : (
        <ul className="dash-feedback">
          {feedback.map((f) => (
            <li key={f.id}>
              <Link href={`/view-feedback/${f.id}`} className="dash-feedback-row">
                <span
                  className={`dash-stars${f.rating <= 2 ? ' is-low' : ''}`}
                  role="img"
                  aria-label={`${f.rating} of 5 stars`}
                >
                  {stars(f.rating)}
                </span>
                <span className="dash-feedback-text">{f.comment || <span className="muted">No comment</span>}</span>
                <span className="dash-feedback-meta">
                  {[f.user_name, f.about === 'offer' ? f.offer_title : f.card_name].filter(Boolean).join(' · ')} ·{' '}
                  {formatAgo(f.created_at)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
