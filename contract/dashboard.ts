import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { RecordEnvelope } from './envelope';
import { Feedback } from './feedback';
import { ADMIN_ROOT, defineOp } from './operation';

/** "Offers expiring in 7 days": valid today, last day within the next 7 (the offer list's `expiring` filter). */
export const EXPIRING_DAYS = 7;
/** The redemptions trend's length. */
export const TREND_DAYS = 30;
/** How many of the latest feedback entries the dashboard shows. */
export const LATEST_FEEDBACK = 5;

/**
 * GET /admin/v1/total_counts — the product: "counts data and feedbackData". Keys added since
 * are new keys beside those two; a client that reads only `counts` and `feedbackData` reads
 * them as before.
 */
export const TotalCounts = Type.Object({
  counts: Type.Record(Type.String(), Type.Integer()),
  /** The latest feedback, newest first. */
  feedbackData: Type.Array(Feedback),
  /** Crawled cards, outlets and offers no reviewer has decided on yet (state new). */
  crawl_awaiting_review: Type.Object({
    total: Type.Integer(),
    card: Type.Integer(),
    outlet: Type.Integer(),
    offer: Type.Integer(),
  }),
  offers_expiring: Type.Object({ days: Type.Integer(), count: Type.Integer() }),
  /** Redemptions per day (Dubai), oldest first, today last, zeros included. */
  redemptions: Type.Object({
    days: Type.Integer(),
    total: Type.Integer(),
    daily: Type.Array(Type.Object({ day: Type.String({ format: 'date' }), n: Type.Integer() })),
  }),
});
export type TotalCounts = Static<typeof TotalCounts>;

export const totalCounts = defineOp({
  id: 'dashboard.totalCounts',
  method: 'GET',
  path: `${ADMIN_ROOT}/total_counts`,
  summary:
    'Totals for the dashboard: records per entity, the latest feedback, crawled refs awaiting review, offers expiring soon, the redemptions trend',
  tag: 'Dashboard',
  access: 'admin',
  response: RecordEnvelope(TotalCounts),
  message: 'Counts fetched successfully!',
});
