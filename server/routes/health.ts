// The catalogue health queues' calls (contract/health.ts): thin, each one call of
// server/services/health.ts in the call's one transaction.
import {
  applyHealthFix,
  findHealthSource,
  HEALTH_PAGE,
  listHealthCandidates,
  listHealthFacts,
  listHealthQueues,
  listHealthRows,
  listHealthQueueTrends,
  listHealthScores,
  undoHealthFix,
} from '@contract/health';
import { bind, type Bound } from '../http/handle';
import { crawlSourceOf } from '../repositories/healthCandidates';
import {
  applyFix,
  candidatesOf,
  healthCounts,
  healthFacts,
  healthRows,
  healthScores,
  undoFix,
} from '../services/health';
import { queueTrends } from '../services/healthQueueCounts';
import { purge } from './bulk';

export function healthHandlers(): Bound[] {
  return [
    bind(listHealthQueues, async (_input, tx) => ({
      message: listHealthQueues.message!,
      data: await healthCounts(tx),
    })),
    bind(listHealthRows, async ({ params, query }, tx) => {
      const data = await healthRows(tx, params.queue, query.after ?? 0, query.limit ?? HEALTH_PAGE);
      return { message: `${data.count.toLocaleString('en')} in the queue.`, data };
    }),
    bind(listHealthFacts, async ({ params, query }, tx) => ({
      message: listHealthFacts.message!,
      data: await healthFacts(tx, params.queue, [...new Set(query.ids.split(',').map(Number))]),
    })),
    bind(listHealthQueueTrends, async (_input, tx) => ({
      message: listHealthQueueTrends.message!,
      data: await queueTrends(tx),
    })),
    bind(listHealthScores, async (_input, tx) => ({
      message: listHealthScores.message!,
      data: await healthScores(tx),
    })),
    bind(applyHealthFix, async ({ params, body }, tx, ctx) => {
      const done = await applyFix(tx, params.queue, body, ctx.user?.id ?? null);
      await purge(tx);
      return { message: done.message, data: { count: done.count, undo: done.undo } };
    }),
    bind(listHealthCandidates, async ({ params, query }, tx) => {
      const data = await candidatesOf(tx, params.id, query.kind);
      return { message: `${data.candidates.length} ${data.kind} candidates.`, data };
    }),
    bind(findHealthSource, async ({ params }, tx) => {
      const data = await crawlSourceOf(tx, params.entity, params.id);
      return { message: data ? `Crawl source “${data.name}”.` : 'No crawl source named it.', data };
    }),
    bind(undoHealthFix, async ({ body }, tx, ctx) => {
      const n = await undoFix(tx, body.undo, ctx.user?.id ?? null);
      return { message: `Undone: ${n.toLocaleString('en')} as before.`, data: { count: n } };
    }),
  ];
}
