// The dashboard's records per entity (GET /admin/v1/total_counts, server/routes/dashboard.ts):
// every resource that declares `dashboard` (contract/resource.ts), counted from the rows its
// list reads (a view leaves out unfinished write batches), under its table's name, in its
// `order`. A resource that declares it is counted with no code here.
import type { Resource } from '@contract/resource';
import type { Tx } from '../db/connection';

/** The resources counted, in the order of the answer's keys. */
export const counted = (resources: readonly Resource[]): Resource[] =>
  resources.filter((r) => r.dashboard).sort((a, b) => a.dashboard!.order - b.dashboard!.order);

/** `{ banks: 12, cards: 340, … }`: one statement, one subquery per resource. */
export async function recordCounts(tx: Tx, resources: readonly Resource[]): Promise<Record<string, number>> {
  const sql = resources
    .map((r) => `(select count(*)::int from ${r.storage.view ?? r.storage.table}) as ${r.storage.table}`)
    .join(', ');
  return (await tx.query<Record<string, number>>(`select ${sql}`)).rows[0];
}
