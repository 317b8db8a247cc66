// /admin/v1 calls about the signed-in admin and the dashboard.
import type { FastifyInstance } from 'fastify';
import { User } from '../../contract/auth';
import { TotalCounts } from '../../contract/dashboard';
import { RecordEnvelope } from '../../contract/envelope';
import type { Db } from '../db/connection';

/** Tables counted on the dashboard; later issues add theirs. */
const COUNTED = { banks: 'banks', cards: 'cards', offers: 'offers', outlets: 'outlets', categories: 'categories', networks: 'networks', users: 'users' } as const;

export function sessionRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get('/show_user', {
    schema: { tags: ['Session'], summary: 'The signed-in admin', response: { 200: RecordEnvelope(User) } },
    handler: async (req) => ({ message: 'User fetched successfully!', data: req.user! }),
  });

  app.get('/total_counts', {
    schema: { tags: ['Dashboard'], summary: 'Totals for the dashboard', response: { 200: RecordEnvelope(TotalCounts) } },
    handler: async () => {
      const counts: Record<string, number> = {};
      for (const [key, table] of Object.entries(COUNTED)) {
        counts[key] = Number((await deps.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n);
      }
      return { message: 'Counts fetched successfully!', data: { counts, feedbackData: [] } };
    },
  });
}
