import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestServer, type TestServer } from '../helpers/app';
import { solidPng } from '../../server/db/seed/logo';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const add = (payload: object) => s.call({ method: 'POST', url: '/admin/v1/add_bank', headers: s.adminAuth, payload });

describe('banks', () => {
  it('adds, shows, lists, updates and deletes a bank', async () => {
    const created = await add({ name: 'Emirates NBD', code: 'ENBD', website: 'https://www.emiratesnbd.com' });
    expect(created.statusCode).toBe(200);
    const bank = created.json().data;
    expect(created.json().message).toBe('Bank added successfully!');
    expect(bank).toMatchObject({ name: 'Emirates NBD', code: 'ENBD', is_active: true, version: 1, logo: null });

    const shown = await s.call({ method: 'GET', url: `/admin/v1/show_bank/${bank.id}`, headers: s.adminAuth });
    expect(shown.json().data.name).toBe('Emirates NBD');

    const updated = await s.call({
      method: 'POST',
      url: `/admin/v1/update_bank/${bank.id}`,
      headers: s.adminAuth,
      payload: { name: 'Emirates NBD PJSC', version: 1 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Bank updated successfully!',
      data: { name: 'Emirates NBD PJSC', version: 2 },
    });

    const removed = await s.call({
      method: 'DELETE',
      url: `/admin/v1/delete_bank?bank_id=${bank.id}`,
      headers: s.adminAuth,
    });
    expect(removed.statusCode).toBe(200);
    const gone = await s.call({ method: 'GET', url: `/admin/v1/show_bank/${bank.id}`, headers: s.adminAuth });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors.message[0]).toBe('Bank not found.');
  });

  it('lists with the pagination envelope and searches case- and accent-insensitively', async () => {
    // Its own three banks, found by a word no other test uses: the totals do not depend on what ran before.
    for (const [name, code] of [
      ['Zephyr Abu Dhabi Commercial Bank', 'ADCB'],
      ['Zephyr Banque Misr Émirats', 'BME'],
      ['Zephyr Dubai Islamic Bank', 'DIB'],
    ])
      await add({ name, code });
    const all = await s.call({
      method: 'GET',
      url: '/admin/v1/all_bank?query=zephyr&per_page=2&page=2',
      headers: s.adminAuth,
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().pagination).toEqual({
      page: 2,
      per_page: 2,
      current_page: 2,
      total: 3,
      first_page: 1,
      last_page: 2,
      from: 3,
      to: 3,
      has_more: false,
    });
    const found = await s.call({ method: 'GET', url: '/admin/v1/all_bank?query=EMIRATS', headers: s.adminAuth });
    expect(found.json().data.map((b: { code: string }) => b.code)).toEqual(['BME']);
    const byCode = await s.call({ method: 'GET', url: '/admin/v1/all_bank?query=dib', headers: s.adminAuth });
    expect(byCode.json().data.map((b: { code: string }) => b.code)).toEqual(['DIB']);
    const literal = await s.call({ method: 'GET', url: '/admin/v1/all_bank?query=%25', headers: s.adminAuth });
    expect(literal.json().data).toEqual([]);
  });

  it('defaults to page 1 and 50 a page', async () => {
    const r = await s.call({ method: 'GET', url: '/admin/v1/all_bank', headers: s.adminAuth });
    expect(r.json().pagination).toMatchObject({ page: 1, per_page: 50 });
  });

  it.each([
    [{ code: 'X1' }, 'name', 'Name is required.'],
    [{ name: 'A', code: 'X1' }, 'name', 'Name must be at least 2 characters.'],
    [{ name: 'Good Bank', code: 'bad code!' }, 'code', 'Code has an invalid format.'],
    [{ name: 'Good Bank', code: 'GB', website: 'ftp://x' }, 'website', undefined],
  ])('rejects bad input %j naming the field, writing nothing', async (payload, field, text) => {
    const before = (await s.call({ method: 'GET', url: '/admin/v1/all_bank', headers: s.adminAuth })).json().pagination
      .total;
    const r = await add(payload);
    expect(r.statusCode).toBe(422);
    expect(Object.keys(r.json().errors)).toContain(field);
    if (text) expect(r.json().errors[field][0]).toBe(text);
    expect(r.json().errors.message[0]).toBe(r.json().message);
    const after = (await s.call({ method: 'GET', url: '/admin/v1/all_bank', headers: s.adminAuth })).json().pagination
      .total;
    expect(after).toBe(before);
  });

  it('rejects a duplicate name on the name field', async () => {
    await add({ name: 'Mashreq', code: 'MSQ' });
    const r = await add({ name: 'MASHREQ', code: 'MSQ2' });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.name[0]).toBe('A bank with this name already exists.');
  });

  it('answers 409 to a stale edit and keeps the newer data', async () => {
    const bank = (await add({ name: 'RAKBANK', code: 'RAK' })).json().data;
    const first = await s.call({
      method: 'POST',
      url: `/admin/v1/update_bank/${bank.id}`,
      headers: s.adminAuth,
      payload: { website: 'https://a.example', version: 1 },
    });
    expect(first.statusCode).toBe(200);
    const stale = await s.call({
      method: 'POST',
      url: `/admin/v1/update_bank/${bank.id}`,
      headers: s.adminAuth,
      payload: { website: 'https://b.example', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors.version).toBeDefined();
    const now = (await s.call({ method: 'GET', url: `/admin/v1/show_bank/${bank.id}`, headers: s.adminAuth })).json()
      .data;
    expect(now.website).toBe('https://a.example');
  });

  it('answers 404 for missing ids and 422 for malformed ones', async () => {
    expect((await s.call({ method: 'GET', url: '/admin/v1/show_bank/99999', headers: s.adminAuth })).statusCode).toBe(
      404,
    );
    expect(
      (
        await s.call({
          method: 'POST',
          url: '/admin/v1/update_bank/99999',
          headers: s.adminAuth,
          payload: { name: 'Nope Bank', version: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await s.call({ method: 'DELETE', url: '/admin/v1/delete_bank?bank_id=99999', headers: s.adminAuth })).statusCode,
    ).toBe(404);
    const bad = await s.call({ method: 'GET', url: '/admin/v1/show_bank/abc', headers: s.adminAuth });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id).toBeDefined();
    const noId = await s.call({ method: 'DELETE', url: '/admin/v1/delete_bank', headers: s.adminAuth });
    expect(noId.statusCode).toBe(422);
    expect(noId.json().errors.bank_id[0]).toBe('Bank is required.');
  });

  describe('logo upload', () => {
    const png = solidPng(8, [10, 20, 30]);

    it('stores a real image under a server-made name and serves it with nosniff', async () => {
      const form = multipart({
        name: 'Wio Bank',
        code: 'WIO',
        is_active: 'false',
        logo: { filename: '../../evil.php', type: 'text/plain', data: png },
      });
      const r = await s.call({
        method: 'POST',
        url: '/admin/v1/add_bank',
        headers: { ...s.adminAuth, ...form.headers },
        payload: form.payload,
      });
      expect(r.statusCode).toBe(200);
      const bank = r.json().data;
      expect(bank.is_active).toBe(false);
      expect(bank.logo).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
      const file = await s.call({ method: 'GET', url: bank.logo });
      expect(file.statusCode).toBe(200);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(png)).toBe(true);
    });

    it('rejects a non-image named .png, by content, writing nothing', async () => {
      const form = multipart({
        name: 'Fake Logo Bank',
        code: 'FLB',
        logo: { filename: 'logo.png', type: 'image/png', data: Buffer.from('<?php echo 1; ?>') },
      });
      const r = await s.call({
        method: 'POST',
        url: '/admin/v1/add_bank',
        headers: { ...s.adminAuth, ...form.headers },
        payload: form.payload,
      });
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.logo[0]).toBe('Logo must be a PNG, JPEG, WebP or GIF image.');
      const list = await s.call({ method: 'GET', url: '/admin/v1/all_bank?query=fake', headers: s.adminAuth });
      expect(list.json().data).toEqual([]);
    });

    it('rejects an upload over the size limit with 413', async () => {
      const big = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]);
      const form = multipart({
        name: 'Big Logo Bank',
        code: 'BLB',
        logo: { filename: 'a.png', type: 'image/png', data: big },
      });
      const r = await s.call({
        method: 'POST',
        url: '/admin/v1/add_bank',
        headers: { ...s.adminAuth, ...form.headers },
        payload: form.payload,
      });
      expect(r.statusCode).toBe(413);
      expect(r.json().message).toBe('The upload is too large.');
    });

    it('replaces a logo on multipart update and clears the website with an empty field', async () => {
      const bank = (await add({ name: 'Liv Bank', code: 'LIV', website: 'https://liv.me' })).json().data;
      const form = multipart({ website: '', version: '1', logo: { filename: 'l.png', type: 'image/png', data: png } });
      const r = await s.call({
        method: 'POST',
        url: `/admin/v1/update_bank/${bank.id}`,
        headers: { ...s.adminAuth, ...form.headers },
        payload: form.payload,
      });
      expect(r.statusCode).toBe(200);
      expect(r.json().data.website).toBeNull();
      expect(r.json().data.logo).toMatch(/^\/uploads\//);
    });
  });
});

describe('sorting banks', () => {
  it("sorts by the contract's keys, up and down, and refuses any other key naming the field", async () => {
    for (const [name, code] of [
      ['Sortable Alpha Bank', 'SRTB'],
      ['Sortable Beta Bank', 'SRTA'],
    ])
      await add({ name, code });
    const codes = async (sort: string) =>
      (await s.call({ method: 'GET', url: `/admin/v1/all_bank?query=sortable&sort=${sort}`, headers: s.adminAuth }))
        .json()
        .data.map((b: { code: string }) => b.code);
    expect(await codes('code')).toEqual(['SRTA', 'SRTB']);
    expect(await codes('-code')).toEqual(['SRTB', 'SRTA']);
    expect(await codes('name')).toEqual(['SRTB', 'SRTA']);
    const bad = await s.call({ method: 'GET', url: '/admin/v1/all_bank?sort=website', headers: s.adminAuth });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('sort');
  });
});

describe('concurrent edits', () => {
  it('refuses an update that does not say which version it started from, changing nothing', async () => {
    const bank = (await add({ name: 'Versioned Bank', code: 'VRSN' })).json().data;
    const r = await s.call({
      method: 'POST',
      url: `/admin/v1/update_bank/${bank.id}`,
      headers: s.adminAuth,
      payload: { name: 'Overwritten Bank' },
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.version).toEqual(['Version is required.']);
    const after = (await s.call({ method: 'GET', url: `/admin/v1/show_bank/${bank.id}`, headers: s.adminAuth })).json()
      .data;
    expect(after).toMatchObject({ name: 'Versioned Bank', version: 1 });
  });
});
