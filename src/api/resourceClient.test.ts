import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bankResource } from '@contract/bank';
import { cardResource } from '@contract/card';
import { cityResource } from '@contract/city';
import { networkResource } from '@contract/network';
import { outletRadiusResource } from '@contract/outletRadius';
import { userResource } from '@contract/user';
import { ApiError, onUnauthorized, setTokenSource } from './client';
import { filterChoices, filterKeys, resourceClient, typeFilters, UnsupportedCallError } from './resourceClient';
import { encodeBody } from './call';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

let seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeEach(() => {
  seen = [];
  answer = { status: 200, body: { message: 'ok', data: { id: 1 } } };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    seen.push({ url, method: String(init.method), headers: init.headers as Record<string, string>, body: init.body });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  setTokenSource(() => 'tok-123');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setTokenSource(() => null);
});

const banks = resourceClient(bankResource);

describe('resourceClient(bankResource)', () => {
  it('lists with query, page and per_page under /admin/v1', async () => {
    await banks.list({ query: 'emirates', page: 2, per_page: 50 });
    expect(seen[0].method).toBe('GET');
    expect(seen[0].url).toBe('/admin/v1/all_bank?query=emirates&page=2&per_page=50');
  });

  it('leaves out an empty query and defaults to page 1 of 50', async () => {
    await banks.list({});
    expect(seen[0].url).toBe('/admin/v1/all_bank?page=1&per_page=50');
  });

  it('shows, adds, updates (contract method) and removes by ?bank_id=', async () => {
    await banks.show(7);
    await banks.add({ name: 'Mashreq', code: 'MSQ' });
    await banks.update(7, { name: 'Mashreq Bank', version: 3 });
    await banks.remove(7);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /admin/v1/show_bank/7',
      'POST /admin/v1/add_bank',
      'POST /admin/v1/update_bank/7',
      'DELETE /admin/v1/delete_bank?bank_id=7',
    ]);
    expect(JSON.parse(String(seen[1].body))).toEqual({ name: 'Mashreq', code: 'MSQ' });
    expect(seen[1].headers['content-type']).toBe('application/json');
  });

  it('sends the bearer token and X-Requested-With', async () => {
    await banks.list({});
    expect(seen[0].headers.authorization).toBe('Bearer tok-123');
    expect(seen[0].headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('throws ApiError with method, status, body and field errors', async () => {
    answer = {
      status: 422,
      body: { message: 'Code is taken', errors: { code: ['Code is taken'], message: ['Code is taken'] } },
    };
    const err = await banks.add({ name: 'X', code: 'ENBD' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 422,
      method: 'POST',
      fieldErrors: { code: 'Code is taken' },
      message: 'Code is taken',
    });
  });

  it('tells the 401 listener when a signed-in call is refused', async () => {
    const heard = vi.fn();
    const stop = onUnauthorized(heard);
    answer = { status: 401, body: { message: 'Session expired' } };
    await expect(banks.list({})).rejects.toBeInstanceOf(ApiError);
    expect(heard).toHaveBeenCalledExactlyOnceWith(null);
    // With the reason the server names: the app shell says it on the sign-in page.
    answer = {
      status: 401,
      body: { message: 'Your password was changed; sign in again.', reason: 'password_changed' },
    };
    await expect(banks.list({})).rejects.toBeInstanceOf(ApiError);
    expect(heard).toHaveBeenLastCalledWith('password_changed');
    // A word the contract does not know is no reason.
    answer = { status: 401, body: { message: 'Gone', reason: 'because' } };
    await expect(banks.list({})).rejects.toBeInstanceOf(ApiError);
    expect(heard).toHaveBeenLastCalledWith(null);
    stop();
  });

  it('turns a network failure into ApiError status 0 with the generic text', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = (await banks.remove(1).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(0);
    expect(err.message).toBe('Unable to delete data. Please try again later.');
  });
});

describe('lists with filters and sort', () => {
  it('GET: filters and sort in the query string, unknown and empty filters left out', async () => {
    await resourceClient(userResource).list({
      query: 'ali',
      sort: '-name',
      filters: { role: 'admin', status: '', colour: 'red' },
    });
    expect(seen[0].method).toBe('GET');
    expect(seen[0].url).toBe('/admin/v1/all_user?query=ali&role=admin&sort=-name&page=1&per_page=50');
  });

  it('POST: page, per_page and sort in the query; the typed filter payload (with query) as the JSON body', async () => {
    await resourceClient(cardResource).list({
      query: 'visa plat',
      page: 2,
      sort: 'bank_name',
      filters: { bank: '3', display: 'false', status: 'Discontinued', network: '' },
    });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('/admin/v1/all_card?sort=bank_name&page=2&per_page=50');
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(seen[0].body))).toEqual({
      bank: 3,
      display: false,
      status: 'Discontinued',
      query: 'visa plat',
    });
  });

  it('POST with no filters sends an empty payload', async () => {
    await resourceClient(cardResource).list({});
    expect(seen[0].url).toBe('/admin/v1/all_card?page=1&per_page=50');
    expect(JSON.parse(String(seen[0].body))).toEqual({});
  });

  it('drops filter values that do not fit the schema', () => {
    expect(typeFilters(cardResource, { bank: 'abc', display: 'maybe', status: 'Gone', category: '4' })).toEqual({
      category: 4,
    });
  });

  it('reads filter names and enum choices from the contract', () => {
    expect(filterKeys(cardResource)).toEqual(['bank', 'network', 'category', 'status', 'display']);
    expect(filterChoices(userResource.filters!.properties.role)).toEqual([
      'admin',
      'editor',
      'reviewer',
      'viewer',
      'user',
    ]);
    expect(filterChoices(cardResource.filters!.properties.bank)).toBeNull();
  });
});

describe('paths per contract', () => {
  it('shows by ?id= when showIdIn is query; updates by PUT JSON', async () => {
    const networks = resourceClient(networkResource);
    await networks.show(4);
    await networks.update(4, { type: 'Visa', version: 2 });
    await networks.remove(4);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /admin/v1/show_network?id=4',
      'PUT /admin/v1/update_network/4',
      'DELETE /admin/v1/delete_network?network_id=4',
    ]);
    expect(JSON.parse(String(seen[1].body))).toEqual({ type: 'Visa', version: 2 });
  });

  it('deletes by path when removeIdParam is empty', async () => {
    await resourceClient(outletRadiusResource).remove(9);
    expect(`${seen[0].method} ${seen[0].url}`).toBe('DELETE /admin/v1/outlet_radius/9');
  });

  it('refuses omitted calls without a request', async () => {
    const cities = resourceClient(cityResource);
    await expect(cities.show(1)).rejects.toBeInstanceOf(UnsupportedCallError);
    await expect(cities.add({})).rejects.toBeInstanceOf(UnsupportedCallError);
    await expect(cities.update(1, {})).rejects.toBeInstanceOf(UnsupportedCallError);
    await expect(cities.remove(1)).rejects.toBeInstanceOf(UnsupportedCallError);
    expect(seen).toEqual([]);
    await cities.list({ query: 'marina' });
    expect(seen[0].url).toBe('/admin/v1/dubai_city?query=marina&page=1&per_page=50');
  });
});

describe('encodeBody', () => {
  it('is JSON without files (undefined dropped, null kept)', () => {
    expect(encodeBody({ name: 'A', website: null, code: undefined })).toEqual({ name: 'A', website: null });
  });

  it('is multipart when a file is present; booleans and null become text', () => {
    const logo = new Blob(['png'], { type: 'image/png' });
    const body = encodeBody({ name: 'A', is_active: false, website: null, logo });
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('name')).toBe('A');
    expect(form.get('is_active')).toBe('false');
    expect(form.get('website')).toBe('');
    expect(form.get('logo')).toBeInstanceOf(Blob);
  });
});
