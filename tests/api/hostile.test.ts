// Every route in the OpenAPI document, fed junk: wrong types, missing fields, broken JSON,
// huge strings, odd ids. Whatever the input, the answer is never a 5xx (a 500 is a bug).
// Every junk input on every route on one database, one in turn per route on the other
// (tests/helpers/walk.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { logout, resetPassword, showMe } from '@contract/auth';
import { pathOf } from '@contract/operation';
import { startTestServer, type TestServer } from '../helpers/app';
import { casesFor } from '../helpers/walk';

let s: TestServer;
const routes: {
  method: string;
  url: string;
  params: string[];
  body?: { properties?: Record<string, unknown> };
  /** Its 200 is a stream that stays open (the live updates): the call reads the head only. */
  stream?: true;
}[] = [];

beforeAll(async () => {
  s = await startTestServer();
  const doc = (await s.call({ method: 'GET', url: '/api/openapi.json' })).json();
  for (const [path, ops] of Object.entries<
    Record<
      string,
      {
        parameters?: { name: string }[];
        requestBody?: { content: Record<string, { schema: never }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const schema =
        op.requestBody?.content['application/json']?.schema ?? op.requestBody?.content['multipart/form-data']?.schema;
      routes.push({
        method: method.toUpperCase(),
        url: path,
        params: (op.parameters ?? []).map((p) => p.name),
        body: schema,
        ...(op.responses?.['200']?.content?.['text/event-stream'] ? { stream: true as const } : {}),
      });
    }
  }
});
afterAll(() => s.close());

const SESSION_ENDERS = [pathOf(logout), pathOf(resetPassword)];
const JUNK: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  'x'.repeat(5000),
  '<script>alert(1)</script>',
  "'; drop table banks; --",
  [],
  {},
  ['a'],
  { $gt: '' },
];
const IDS = ['0', '-1', '99999999999', 'abc', '1.5', '%00', '1;drop'];

it('covers the whole API', () => {
  expect(routes.length).toBeGreaterThan(45);
});

it('never answers 5xx to junk bodies', async () => {
  const failures: string[] = [];
  for (const [n, r] of routes.entries()) {
    // Signing out or changing the password would end the session the rest of the sweep runs with.
    if (r.url.startsWith('/api/docs') || SESSION_ENDERS.includes(r.url)) continue;
    const url = r.url.replace(/\{[^}]+\}/g, '1');
    const bodies: unknown[] = [undefined, ...JUNK.slice(0, 4)];
    for (const j of JUNK)
      bodies.push(Object.fromEntries(Object.keys(r.body?.properties ?? { name: 1 }).map((k) => [k, j])));
    for (const body of casesFor(bodies, n)) {
      const res = await s.call({
        method: r.method as 'POST',
        url,
        headers: { ...s.adminAuth, 'content-type': 'application/json' },
        payload: body === undefined ? undefined : JSON.stringify(body),
        payloadAsStream: r.stream,
      });
      if (res.statusCode >= 500)
        failures.push(
          `${r.method} ${url} ${JSON.stringify(body)?.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
        );
    }
    const broken = await s.call({
      method: r.method as 'POST',
      url,
      headers: { ...s.adminAuth, 'content-type': 'application/json' },
      payload: '{"a":',
      payloadAsStream: r.stream,
    });
    if (broken.statusCode >= 500) failures.push(`${r.method} ${url} broken JSON → ${broken.statusCode}`);
  }
  expect(failures).toEqual([]);
  // ~1,800 calls, one after another: 8–22 s alone, past 30 s when the machine runs other suites too.
}, 120_000);

it('never answers 5xx to odd ids and query strings', async () => {
  const failures: string[] = [];
  for (const [n, r] of routes.entries()) {
    if (SESSION_ENDERS.includes(r.url)) continue;
    for (const id of casesFor(IDS, n)) {
      const url = r.url.replace(/\{[^}]+\}/g, encodeURIComponent(id));
      const qs = ['id', 'page', 'per_page', 'query', 'sort', ...r.params]
        .map((p) => `${p}=${encodeURIComponent(id)}`)
        .join('&');
      const res = await s.call({
        method: r.method as 'GET',
        url: `${url}?${qs}`,
        headers: s.adminAuth,
        payloadAsStream: r.stream,
      });
      if (res.statusCode >= 500)
        failures.push(`${r.method} ${url}?${qs} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
  }
  expect(failures).toEqual([]);
});

it('ran with a live session throughout (else every answer was a 401 and proved little)', async () => {
  const me = await s.call({ method: 'GET', url: pathOf(showMe), headers: s.adminAuth });
  expect(me.statusCode).toBe(200);
});
