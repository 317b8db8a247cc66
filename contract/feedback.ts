// Feedback: what app users rate and say about an offer or a card (1 to 5 stars, a comment).
// It comes from the app; here it is read, filtered and deleted. Every call is derived
// (contract/resource.ts).
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { Id, Nullable } from './fields';
import { defineResource } from './resource';

export const FEEDBACK_ABOUT = ['offer', 'card'] as const;
export const FeedbackAbout = Type.Union(FEEDBACK_ABOUT.map((a) => Type.Literal(a)));
export type FeedbackAbout = Static<typeof FeedbackAbout>;

export const Rating = Type.Integer({ minimum: 1, maximum: 5 });

export const Feedback = Type.Object({
  id: Type.Integer(),
  rating: Rating,
  comment: Nullable(Type.String()),
  /** What it is about; its offer or card is null once that record was deleted. */
  about: FeedbackAbout,
  user_id: Nullable(Type.Integer()),
  user_name: Nullable(Type.String()),
  user_email: Nullable(Type.String()),
  offer_id: Nullable(Type.Integer()),
  offer_title: Nullable(Type.String()),
  card_id: Nullable(Type.Integer()),
  card_name: Nullable(Type.String()),
  /** The card's bank (feedback about a card). */
  bank_name: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
});
export type Feedback = Static<typeof Feedback>;

export const FeedbackFilters = Type.Object({
  rating: Type.Optional(Rating),
  about: Type.Optional(FeedbackAbout),
  user: Type.Optional(Id),
  offer: Type.Optional(Id),
  card: Type.Optional(Id),
});

export const feedbackResource = defineResource({
  name: 'feedback',
  label: { one: 'Feedback', many: 'Feedback' },
  about:
    "Feedback is an app user's rating (1–5) and comment about an offer or a card. The query searches the comment, the user's name and e-mail, and the offer's title or the card's name; filters: rating, about (offer, card), user, offer, card; newest first unless sorted",
  storage: { table: 'feedback', view: 'feedback_view' },
  // Feedback comes from the app: no add or update here.
  paths: { list: '/feedback', show: '/feedback/:id', add: '', update: '', remove: '/feedback' },
  omit: ['add', 'update'],
  updateMethod: 'POST',
  removeIdParam: 'feedback_id',
  filters: FeedbackFilters,
  sortable: ['created_at', 'rating'],
  defaultSort: '-created_at',
  shows: ['offer', 'card', 'user', 'bank'],
  personal: { user_email: 'email' },
  entity: Feedback,
  create: Type.Object({}),
  update: Type.Object({}),
  messages: {
    added: '',
    updated: '',
    deleted: 'Feedback deleted successfully!',
    shown: 'Feedback fetched successfully!',
  },
});
