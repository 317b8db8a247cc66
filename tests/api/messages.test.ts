// Sentences a person reads: the field errors and schemes that used to come out wrong.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

it('a javascript: website is "an invalid format", not "must be a null"', async () => {
  const r = await s.call({
    method: 'POST',
    url: '/admin/v1/add_bank',
    headers: s.adminAuth,
    payload: { name: 'Script Bank', code: 'SCRB', website: 'javascript:alert(1)' },
  });
  expect(r.statusCode).toBe(422);
  expect(r.json().errors.website).toEqual(['Website has an invalid format.']);
  expect(r.json().message).toBe('Website has an invalid format.');
});

it('a wrong type reads as a sentence ("must be text", "must be a number")', async () => {
  const r = await s.call({
    method: 'POST',
    url: '/admin/v1/outlet_radius',
    headers: s.adminAuth,
    payload: { label: 5, kilometres: 'far' },
  });
  expect(r.statusCode).toBe(422);
  expect(r.json().errors).toMatchObject({
    label: ['Label must be text.'],
    kilometres: ['Kilometres must be a number.'],
  });
});

it('accepts the bearer scheme in any case, as RFC 7235 says', async () => {
  const token = s.adminAuth.authorization.slice('Bearer '.length);
  for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
    const r = await s.call({
      method: 'GET',
      url: '/admin/v1/show_user',
      headers: { authorization: `${scheme} ${token}` },
    });
    expect(r.statusCode, scheme).toBe(200);
  }
});
