// GET /admin/v1/total_counts: the dashboard's figures, each one small query: counts (of every
// resource declaring `dashboard`, contract/resource.ts), the
// crawled refs still `new`, the offers expiring (the valid_to index), the latest feedback (its
// created_at index) and the redemptions trend (the engagement rollup of ~60 rows a day,
// never the events table).
import { EXPIRING_DAYS, LATEST_FEEDBACK, totalCounts, TREND_DAYS } from '@contract/dashboard';
import type { Feedback } from '@contract/feedback';
import type { Resource } from '@contract/resource';
import { bind, type Bound } from '../http/handle';
import { counted, recordCounts } from '../repositories/dashboardCounts';
import { redemptionsPerDay } from '../repositories/engagement';
import { addDays } from '../repositories/engagementWeeks';
import { expiringSql } from '../repositories/offers';
import { dubaiToday } from '../services/engagementRange';

export function dashboardHandlers(deps: { now: () => number; resources: readonly Resource[] }): Bound[] {
  const countedResources = counted(deps.resources);
  return [
    bind(totalCounts, async (_input, tx) => {
      const today = dubaiToday(deps.now());
      const [counts, review, expiring, feedbackData, redemptions] = await Promise.all([
        recordCounts(tx, countedResources),
        tx
          .query<{ card: number; outlet: number; offer: number }>(
            `select (select count(*) from crawl_cards where state = 'new')::int as card,
                    (select count(*) from crawl_outlets where state = 'new')::int as outlet,
                    (select count(*) from crawl_offers where state = 'new')::int as offer`,
          )
          .then((r) => r.rows[0]),
        tx
          .query<{ n: number }>(`select count(*)::int as n from offers where ${expiringSql('$1')}`, [EXPIRING_DAYS])
          .then((r) => r.rows[0].n),
        tx
          .query<Omit<Feedback, 'created_at'> & { created_at: Date | string }>(
            `select id, rating, comment, about, user_id, user_name, user_email, offer_id, offer_title, card_id, card_name, bank_name, created_at
               from feedback_view order by created_at desc, id desc limit $1`,
            [LATEST_FEEDBACK],
          )
          .then((r) => r.rows.map((f) => ({ ...f, created_at: new Date(f.created_at).toISOString() }))),
        redemptionsPerDay(tx, { from: addDays(today, -(TREND_DAYS - 1)), to: today }),
      ]);
      return {
        message: totalCounts.message!,
        data: {
          counts,
          feedbackData,
          crawl_awaiting_review: { total: review.card + review.outlet + review.offer, ...review },
          offers_expiring: { days: EXPIRING_DAYS, count: expiring },
          redemptions: { days: TREND_DAYS, total: redemptions.reduce((s, d) => s + d.n, 0), daily: redemptions },
        },
      };
    }),
  ];
}
