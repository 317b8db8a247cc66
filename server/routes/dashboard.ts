// GET /admin/v1/total_counts: the dashboard's figures.
import { totalCounts } from '../../contract/dashboard';
import { bind, type Bound } from '../http/handle';

/** Tables counted on the dashboard; later issues add theirs. */
const COUNTED = { banks: 'banks', cards: 'cards_view', offers: 'offers_view', outlets: 'outlets_view', categories: 'categories', networks: 'networks', users: 'users' } as const;

export function dashboardHandlers(): Bound[] {
  return [
    bind(totalCounts, async (_input, tx) => {
      const sql = Object.entries(COUNTED)
        .map(([key, table]) => `(select count(*)::int from ${table}) as ${key}`)
        .join(', ');
      const counts = (await tx.query<Record<string, number>>(`select ${sql}`)).rows[0];
      return { message: totalCounts.message!, data: { counts, feedbackData: [] } };
    }),
  ];
}
