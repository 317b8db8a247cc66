// The demo data (server/db/seed/seed.ts) shows a newcomer every catalogue health queue with
// rows in it, a share of the catalogue, not most of it: what a first start's Health screen and
// dashboard show (e2e/health.spec.ts works one of them by keys).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listHealthQueues, listHealthRows, type HealthRow } from '@contract/health';
import { HEALTH_QUEUE_IDS } from '@contract/healthQueues';
import { seed } from '../../server/db/seed/seed';
import { createUploads } from '../../server/services/uploads';
import { startTestServer, type TestServer } from '../helpers/app';
import { opCalls } from '../helpers/ops';

let s: TestServer;
const { ok, one } = opCalls(() => s);

beforeAll(async () => {
  s = await startTestServer();
  // Into the server's own uploads, as a first start seeds: the checker finds the demo's files there.
  await s.db.transaction((tx) => seed(tx, createUploads(s.dataDir)), {
    timeout: 600_000,
  } as never);
  // The checker's first round, as after a first start (LINK_CHECK_OUTBOUND is off here: files only).
  s.app.healthChecks.kick();
  await s.app.healthChecks.idle();
  // And the duplicates' pairs of the demo's records (server/services/healthPairs.ts).
  s.app.healthPairs.kick();
  await s.app.healthPairs.idle();
}, 600_000);
afterAll(() => s?.close());

it('plants a share of every problem', async () => {
  const counts = Object.fromEntries(
    ((await ok(listHealthQueues)).data as { id: string; count: number }[]).map((c) => [c.id, c.count]),
  );
  for (const id of HEALTH_QUEUE_IDS) expect(counts[id], id).toBeGreaterThan(0);
  const live = await one<number>(
    'select count(*)::int from offers where valid_from <= catalogue_today() and valid_to >= catalogue_today()',
  );
  // A share, not the catalogue: a queue of most live offers would be noise, not a finding.
  expect(counts.unreachable).toBeLessThan(live / 10);
  // Most offers have an image (each category's picture), and every demo file but the planted ones is there.
  const shown = await one<number>('select count(*)::int from offers where valid_to >= catalogue_today()');
  expect(counts.offersIncomplete).toBeLessThan(shown / 10);
  expect(counts.brokenMedia).toBe(4);
  // And the scores were kept by the same round.
  expect(await one<number>('select count(*)::int from health_scores where day = catalogue_today()')).toBe(4);
  // The planted pairs (server/db/seed/healthProblems.ts) and no other: a queue of false pairs
  // would teach a newcomer to ignore it.
  expect(counts.duplicateOffers).toBe(3);
  expect(counts.duplicateOutlets).toBe(2);
});

it('finds the planted offer copies among thousands of like titles, each with its older partner', async () => {
  // The queue reads the pairs the loop kept (server/services/health.ts, health_pairs);
  // the pane's partner is found per row (OFFER_PAIR): both must name the same pairs.
  const page = (await ok(listHealthRows, { params: { queue: 'duplicateOffers' } })).data as {
    count: number;
    rows: HealthRow[];
  };
  expect(page.count).toBe(3);
  expect(page.rows).toHaveLength(3);
  for (const r of page.rows) {
    expect(r.other, `#${r.id}`).toBeDefined();
    expect(r.other!.id).toBeLessThan(r.id);
    expect(r.other!.title.toLowerCase().replace(/!$/, '')).toBe(r.title.toLowerCase().replace(/!$/, ''));
  }
});
