// GET /metrics (server/http/metrics.ts): Prometheus' text format, counted per operation id and
// status; the database, the answer caches, the job backlog and the live streams told as they
// are; behind METRICS_TOKEN's bearer token when it is set; never an API operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankResource } from '@contract/bank';
import { pathOf } from '@contract/operation';
import { indexBacklog } from '../../server/services/searchBacklog';
import { startTestServer, type TestServer } from '../helpers/app';

/** The value of one sample (`name{labels} value`) in a scrape; undefined when absent. */
const sample = (text: string, name: string, labels = ''): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe('open (no METRICS_TOKEN)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  const scrape = async () => {
    await new Promise((r) => setImmediate(r)); // onResponse runs once the answer has gone
    const res = await s.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('counts the calls per operation id and status, with their durations, and tells the database, caches, backlog and streams', async () => {
    const list = bankResource.ops.list;
    const before = await scrape();
    for (let i = 0; i < 3; i++)
      expect((await s.call({ method: 'GET', url: pathOf(list), headers: s.adminAuth })).statusCode).toBe(200);
    expect((await s.call({ method: 'GET', url: pathOf(list) })).statusCode).toBe(401);
    const text = await scrape();

    const was = (l: string) => sample(before, 'cards_admin_http_requests_total', l) ?? 0;
    const ok = `op="${list.id}",status="200"`;
    const refused = `op="${list.id}",status="401"`;
    expect(sample(text, 'cards_admin_http_requests_total', ok)).toBe(was(ok) + 3);
    expect(sample(text, 'cards_admin_http_requests_total', refused)).toBe(was(refused) + 1);
    expect(sample(text, 'cards_admin_http_request_duration_seconds_count', ok)).toBe(was(ok) + 3);
    expect(sample(text, 'cards_admin_http_request_duration_seconds_bucket', `le="+Inf",${ok}`)).toBe(was(ok) + 3);
    // The scrape before this one is counted by its route.
    expect(sample(text, 'cards_admin_http_requests_total', 'op="/metrics",status="200"')).toBeGreaterThanOrEqual(1);

    expect(sample(text, 'cards_admin_db_unit_duration_seconds_count', 'kind="read"')).toBeGreaterThan(0);
    if (s.db.kind === 'pglite') expect(sample(text, 'cards_admin_db_queue_length')).toBe(0);
    else {
      expect(sample(text, 'cards_admin_db_pool_waiting')).toBe(0);
      expect(sample(text, 'cards_admin_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    }
    // Three lists in a row: the first read, the next two kept.
    expect(sample(text, 'cards_admin_answer_cache_hits_total', 'cache="answers"')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'cards_admin_answer_cache_misses_total', 'cache="answers"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cards_admin_answer_cache_bytes', 'cache="answers"')).toBeGreaterThan(0);
    expect(sample(text, 'cards_admin_search_backlog_offers')).toBe(0);
    expect(sample(text, 'cards_admin_notification_pieces_waiting')).toBe(0);
    expect(sample(text, 'cards_admin_event_streams_open')).toBe(0);
  });

  it('tells the offers waiting for their search text, until the backlog has caught up', async () => {
    // Held back, and two offers' text taken away as a crash mid-way would leave it (server/services/searchBacklog.ts).
    s.app.searchBacklog.stop();
    await s.db.transaction(async (tx) => {
      for (const title of ['Metrics offer one', 'Metrics offer two'])
        await tx.query(
          "insert into offers (title, discount, valid_from, valid_to) values ($1, '5%', '2026-01-01', '2027-01-01')",
          [title],
        );
      await tx.query("set local app.search_text = 'deferred'");
      await tx.query("update offers set search_text = null where title like 'Metrics offer %'");
    });
    expect(sample(await scrape(), 'cards_admin_search_backlog_offers')).toBe(2);
    await indexBacklog(s.db);
    expect(sample(await scrape(), 'cards_admin_search_backlog_offers')).toBe(0);
  });

  it('is no API operation: not in the OpenAPI document, no session asked', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).filter((p) => p.includes('metrics'))).toEqual([]);
    expect((await s.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});

describe('with METRICS_TOKEN', () => {
  const token = 'metrics-token-for-the-test';
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => s.close());

  it('401 without the token, with another one or with a session token; 200 with it', async () => {
    const get = (authorization?: string) =>
      s.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    const none = await get();
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body).not.toContain('cards_admin_');
    expect((await get(`Bearer ${token}x`)).statusCode).toBe(401);
    expect((await get(s.adminAuth.authorization)).statusCode).toBe(401);
    const ok = await get(`Bearer ${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('cards_admin_http_requests_total');
  });
});
