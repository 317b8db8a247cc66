// GET /admin/v1/engagement: every chart of the /engagement screen in one answer.
import { ENGAGEMENT_TIME_ZONE, getEngagement } from '@contract/engagement';
import { bind, type Bound } from '../http/handle';
import { byBank, byCard, byCategory, dailySeries, filterNames, sumDays, topOffers } from '../repositories/engagement';
import { dubaiToday, resolveRange } from '../services/engagementRange';

export function engagementHandlers(deps: { now: () => number }): Bound[] {
  return [
    bind(getEngagement, async ({ query }, tx) => {
      const range = resolveRange(query, dubaiToday(deps.now()));
      const f = { offer_id: query.offer_id, card_id: query.card_id, bank_id: query.bank_id };
      const top = query.limit ?? 10;
      // Independent reads: on PostgreSQL each takes its own connection and they run at once.
      const [daily, top_offers, banks, cards, categories, filters] = await Promise.all([
        dailySeries(tx, range, f),
        topOffers(tx, range, f, top),
        byBank(tx, range, f),
        byCard(tx, range, f, top),
        byCategory(tx, range, f),
        filterNames(tx, f),
      ]);
      return {
        message: getEngagement.message!,
        data: {
          range: { ...range, time_zone: ENGAGEMENT_TIME_ZONE },
          filters,
          totals: sumDays(daily),
          daily,
          top_offers,
          banks,
          cards,
          categories,
        },
      };
    }),
  ];
}
