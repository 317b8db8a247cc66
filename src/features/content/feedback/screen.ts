// Feedback, wired once: contract → store → list model → routes. Newest first; filtered by
// rating and by what it is about.
import { feedbackResource, type Feedback } from '@contract/feedback';
import { resourceScreen } from '@/commands/resourceScreen';
import { filtersOf } from '@/store/contractFilters';
import { FEEDBACK_VIEW } from './entry';
import { feedbackRoutes } from '@/screens/paths';
import { cellText, dayText, NAME_WIDTH } from '@/screens/listTable/columns';

export const RATINGS = ['5', '4', '3', '2', '1'] as const;
export const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);
/** What it is about, in words: the offer's title or the card's name, or what is left of a deleted one. */
export const subjectOf = (f: Feedback) =>
  f.about === 'offer'
    ? (f.offer_title ?? 'A deleted offer')
    : f.card_name
      ? `${f.card_name}${f.bank_name ? ` (${f.bank_name})` : ''}`
      : 'A deleted card';

export const feedbackScreen = resourceScreen<Feedback>({
  view: FEEDBACK_VIEW,
  resource: feedbackResource,
  routes: feedbackRoutes,
  describe: (f) => ({ label: subjectOf(f), hint: `${f.rating} of 5${f.user_name ? ` · ${f.user_name}` : ''}` }),
  noun: { one: 'feedback entry', many: 'feedback entries' },
  // The contract's rating and about; its user, offer and card are reached from those records.
  filters: filtersOf(
    feedbackResource,
    {
      rating: { any: 'Any rating', options: RATINGS.map((v) => ({ value: v, label: `${stars(Number(v))} ${v}` })) },
      about: { any: 'Any subject', labelOf: (v) => (v === 'offer' ? 'Offers' : 'Cards') },
    },
    ['rating', 'about'],
  ),
  sortLabels: { created_at: 'Received', rating: 'Rating' },
  // Who gave it and what it rates, each under its own head (the derived first column was
  // "Name" over the rated offer or card).
  columns: [
    { key: 'user_name', label: 'From', cell: (f) => f.user_name ?? 'A deleted user', width: 'minmax(160px, 1.5fr)' },
    { key: 'about', cell: subjectOf, width: NAME_WIDTH },
    { key: 'rating', cell: (f) => `${stars(f.rating)} ${f.rating}`, sort: 'rating' },
    { key: 'comment', cell: (f) => cellText(f.comment), width: 'minmax(200px, 2fr)' },
    { key: 'user_email', label: 'Email', cell: (f) => cellText(f.user_email), optional: true },
    { key: 'created_at', label: 'Received', cell: (f) => dayText(f.created_at), sort: 'created_at' },
  ],
});

export const feedbackStore = feedbackScreen.store;
