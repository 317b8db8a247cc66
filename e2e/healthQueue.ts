// The health specs' reading of a queue, robust to what specs before them on the same worker's
// server changed (e2e/fixtures.ts): a queue is read through the API (its count and first page)
// and compared with what the screen shows, never with a total the demo alone would have. The
// queue's list is virtualised (src/ui/VirtualList.tsx): it renders only the rows that fit, so
// its first rows are compared, not how many it renders.
import type { Locator, Page } from '@playwright/test';
import { listHealthQueues, listHealthRows } from '@contract/health';
import { HEALTH_QUEUES, type HealthQueueId } from '@contract/healthQueues';
import { pathOf } from '@contract/operation';
import { expect } from './fixtures';
import { apiAs, rowsOf } from './session';

export interface QueueRow {
  id: number;
  title: string;
  reason: string;
  other?: { id: number; title: string };
}

/** How many of the first rows are compared: fewer than fit in the smallest window the specs use. */
const FIRST = 8;

/** "1,234", as the screen writes a count (src/lib/format.ts). */
export const countText = (n: number) => n.toLocaleString('en');

export async function healthApi(page: Page) {
  const api = await apiAs(page);
  return {
    /** The queue's count and its first page (by id), as the screen reads them. */
    queue: async (queue: HealthQueueId) =>
      (await (await api.get(pathOf(listHealthRows, { queue }))).json()).data as {
        count: number;
        rows: QueueRow[];
        more: boolean;
      },
    counts: async () =>
      Object.fromEntries(
        ((await (await api.get(pathOf(listHealthQueues))).json()).data as { id: string; count: number }[]).map((c) => [
          c.id,
          c.count,
        ]),
      ) as Record<HealthQueueId, number>,
  };
}

/** The ids of the rows the list renders, top first (a row's element id ends in its record's id). */
export const shownIds = (list: Locator) =>
  rowsOf(list).evaluateAll((rows) => rows.map((r) => Number(/-row-(\d+)$/.exec(r.id)?.[1] ?? NaN)));

/** The list's first rows are the API's first rows, in order (or all of them, when fewer). */
export async function expectFirstShown(list: Locator, rows: readonly { id: number }[]) {
  const want = rows.slice(0, FIRST).map((r) => r.id);
  await expect.poll(async () => (await shownIds(list)).slice(0, want.length)).toEqual(want);
  if (!rows.length) await expect(rowsOf(list)).toHaveCount(0);
}

/** The dashboard's figure of a queue: its title, then its count. */
export const dashboardFigure = (page: Page, queue: HealthQueueId) =>
  page
    .getByRole('list', { name: 'Health queues' })
    .getByRole('link')
    .filter({ hasText: HEALTH_QUEUES.find((q) => q.id === queue)!.title });

/** The Health screen's link to a queue, its count beside its title. */
export const queueLink = (page: Page, queue: HealthQueueId) =>
  page
    .getByRole('navigation', { name: 'Queues' })
    .getByRole('link')
    .filter({ hasText: HEALTH_QUEUES.find((q) => q.id === queue)!.title });

/** A queue's count as a figure shows it: the title, then exactly this number. */
export const endsWithCount = (n: number) => new RegExp(`\\D${countText(n)}$`);
