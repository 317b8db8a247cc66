import { afterAll, beforeAll, expect, it } from 'vitest';
import { operations } from '@contract/operations';
import { openApiPath } from '@contract/operation';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

it('answers /health once the database is ready', async () => {
  const r = await s.call({ method: 'GET', url: '/health' });
  expect(r.statusCode).toBe(200);
  expect(r.json().status).toBe('ok');
});

it('redirects / to /admin/', async () => {
  const r = await s.call({ method: 'GET', url: '/' });
  expect(r.statusCode).toBe(302);
  expect(r.headers.location).toBe('/admin/');
});

it('serves an OpenAPI document naming every call of contract/api.md', async () => {
  const doc = (await s.call({ method: 'GET', url: '/api/openapi.json' })).json();
  expect(doc.openapi).toMatch(/^3\./);
  for (const p of [
    '/api/v1/login',
    '/api/v1/request_otp',
    '/api/v1/resend_otp',
    '/api/v1/forgot_password',
    '/api/v1/verify_otp',
    '/api/v1/reset_password',
    '/api/v1/update_profile',
    '/api/v1/logout',
    '/admin/v1/show_user',
    '/admin/v1/all_bank',
    '/admin/v1/show_bank/{id}',
    '/admin/v1/add_bank',
    '/admin/v1/update_bank/{id}',
    '/admin/v1/delete_bank',
    '/admin/v1/all_user',
    '/admin/v1/show_user/{id}',
    '/admin/v1/add_user',
    '/admin/v1/update_user/{id}',
    '/admin/v1/delete_user',
    '/admin/v1/all_categories',
    '/admin/v1/show_categories/{id}',
    '/admin/v1/add_categories',
    '/admin/v1/update_categories/{id}',
    '/admin/v1/delete_categories',
    '/admin/v1/all_network',
    '/admin/v1/show_network',
    '/admin/v1/add_network',
    '/admin/v1/update_network/{id}',
    '/admin/v1/delete_network',
    '/admin/v1/outlets',
    '/admin/v1/show_outlet',
    '/admin/v1/add_outlet',
    '/admin/v1/update_outlet/{id}',
    '/admin/v1/delete_outlet',
    '/admin/v1/outlet_radius',
    '/admin/v1/outlet_radius/{id}',
    '/admin/v1/all_card',
    '/admin/v1/show_card',
    '/admin/v1/add_card',
    '/admin/v1/update_card/{id}',
    '/admin/v1/update_card/{id}/display',
    '/admin/v1/delete_card',
    '/admin/v1/all_offer',
    '/admin/v1/show_offer',
    '/admin/v1/add_offer',
    '/admin/v1/update_offer/{id}',
    '/admin/v1/delete_offer',
    '/admin/v1/dubai_city',
    '/admin/v1/add_csv',
    '/admin/v1/total_counts',
    '/admin/v1/search',
  ])
    expect(Object.keys(doc.paths)).toContain(p);
  const docs = await s.call({ method: 'GET', url: '/api/docs/' });
  expect(docs.statusCode).toBe(200);
});

it('answers unknown API paths with a JSON 404', async () => {
  const r = await s.call({ method: 'GET', url: '/admin/v1/nope', headers: s.adminAuth });
  expect(r.statusCode).toBe(404);
  expect(r.json().errors.message[0]).toMatch(/No route/);
});

it('answers malformed JSON with a 400 in the error shape, never a 500', async () => {
  const r = await s.call({
    method: 'POST',
    url: '/admin/v1/add_bank',
    headers: { ...s.adminAuth, 'content-type': 'application/json' },
    payload: '{"name":',
  });
  expect(r.statusCode).toBe(400);
  expect(r.json().errors.message).toHaveLength(1);
});

it('counts totals for the dashboard', async () => {
  const r = await s.call({ method: 'GET', url: '/admin/v1/total_counts', headers: s.adminAuth });
  expect(r.statusCode).toBe(200);
  expect(r.json().data.counts).toMatchObject({ banks: 0, cards: 0, offers: 0, outlets: 0, users: 1 });
  expect(r.json().data.feedbackData).toEqual([]);
});

it('routes and documents exactly the operations of the contract, each once', async () => {
  const doc = (await s.call({ method: 'GET', url: '/api/openapi.json' })).json();
  const documented = Object.entries<Record<string, { operationId?: string }>>(doc.paths).flatMap(([, methods]) =>
    Object.values(methods).map((m) => m.operationId),
  );
  expect(documented.sort()).toEqual(operations.map((o) => o.id).sort());
  for (const op of operations) {
    const entry = doc.paths[openApiPath(op.path)]?.[op.method.toLowerCase()];
    expect(entry?.operationId, `${op.method} ${op.path}`).toBe(op.id);
    if (op.access !== 'public') expect(entry.security, op.id).toEqual([{ bearer: [] }]);
  }
});

it('sends security headers on every answer: no framing, no sniffing, no referrer, a CSP with no inline script', async () => {
  const admin = s.adminAuth;
  for (const req of [
    { method: 'GET' as const, url: '/health' },
    { method: 'GET' as const, url: '/admin/v1/all_bank', headers: admin },
    { method: 'GET' as const, url: '/admin/v1/all_bank' }, // a 401
    { method: 'GET' as const, url: '/no/such/page' }, // a 404
  ]) {
    const r = await s.call(req);
    const csp = String(r.headers['content-security-policy']);
    expect(r.headers['x-content-type-options'], req.url).toBe('nosniff');
    expect(r.headers['x-frame-options'], req.url).toBe('DENY');
    expect(r.headers['referrer-policy'], req.url).toBe('no-referrer');
    expect(csp, req.url).toContain("frame-ancestors 'none'");
    expect(csp, req.url).toMatch(/script-src 'self'(;|$)/);
    expect(csp, req.url).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  }
});

it('answers every /admin/v1 and /api/v1 call with Cache-Control: no-store, refusals and 404s too', async () => {
  const admin = s.adminAuth;
  for (const req of [
    { method: 'GET' as const, url: '/admin/v1/all_bank', headers: admin },
    { method: 'GET' as const, url: '/admin/v1/all_bank' }, // a 401
    { method: 'GET' as const, url: '/admin/v1/all_bank?per_page=-1', headers: admin }, // a 422
    { method: 'GET' as const, url: '/admin/v1/no_such_call', headers: admin }, // a 404
    { method: 'GET' as const, url: '/admin/v1/%zz', headers: admin }, // a URL Fastify cannot route: 400
    { method: 'GET' as const, url: '/admin/v1/show_user', headers: admin },
    {
      method: 'POST' as const,
      url: '/api/v1/login',
      payload: { email: 'nobody@test.example', password: 'wrong-password' },
    }, // a 401
    { method: 'GET' as const, url: '/api/v1/nothing_here' }, // a 404
  ]) {
    const r = await s.app.inject(req);
    expect(r.headers['cache-control'], `${req.url} ${r.statusCode}`).toBe('no-store');
  }
  // Not the app's own files: those have their own caching.
  expect((await s.app.inject({ method: 'GET', url: '/health' })).headers['cache-control']).toBeUndefined();
});
