// Every catalogue entity through its calls (contract/api.md), on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, multipart, startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestServer();
  await s.db.query("insert into dubai_cities (name) values ('Dubai Marina'), ('Al Barsha'), ('Deira')");
  ids.marina = (await s.db.query<{ id: number }>("select id from dubai_cities where name = 'Dubai Marina'")).rows[0].id;
  ids.bank = (await api('POST', '/admin/v1/add_bank', { name: 'Emirates NBD', code: 'ENBD' })).json().data.id;
  ids.bank2 = (await api('POST', '/admin/v1/add_bank', { name: 'First Abu Dhabi Bank', code: 'FAB' })).json().data.id;
  ids.visa = (await api('POST', '/admin/v1/add_network', { type: 'Visa' })).json().data.id;
  ids.mc = (await api('POST', '/admin/v1/add_network', { type: 'Mastercard' })).json().data.id;
  ids.dining = (await api('POST', '/admin/v1/add_categories', { name: 'Dining' })).json().data.id;
});
afterAll(() => s.close());

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return s.call({ method, url, headers: s.adminAuth, payload: payload as object });
}

describe('the generic CRUD calls, entity by entity', () => {
  const cases = [
    {
      name: 'category',
      add: '/add_categories',
      show: (id: number) => `/show_categories/${id}`,
      update: (id: number) => ['POST', `/update_categories/${id}`],
      del: (id: number) => `/delete_categories?category_id=${id}`,
      list: ['GET', '/all_categories'],
      body: { name: 'Groceries' },
      change: { name: 'Groceries & Markets' },
      message: 'categories updated successfully!',
    },
    {
      name: 'network',
      add: '/add_network',
      show: (id: number) => `/show_network?id=${id}`,
      update: (id: number) => ['PUT', `/update_network/${id}`],
      del: (id: number) => `/delete_network?network_id=${id}`,
      list: ['GET', '/all_network'],
      body: { type: 'UnionPay' },
      change: { type: 'UnionPay International' },
      message: 'Network updated successfully!',
    },
    {
      name: 'user',
      add: '/add_user',
      show: (id: number) => `/show_user/${id}`,
      update: (id: number) => ['POST', `/update_user/${id}`],
      del: (id: number) => `/delete_user?user_id=${id}`,
      list: ['GET', '/all_user'],
      body: { name: 'Fatima Al Mansoori', email: 'fatima@example.ae', phone: '+971 50 111 2222' },
      change: { name: 'Fatima Al-Mansoori' },
      message: 'User updated successfully!',
    },
    {
      name: 'outlet',
      add: '/add_outlet',
      show: (id: number) => `/show_outlet?id=${id}`,
      update: (id: number) => ['POST', `/update_outlet/${id}`],
      del: (id: number) => `/delete_outlet?outlet_id=${id}`,
      list: ['GET', '/outlets'],
      body: { merchant_name: 'Shake Shack', branch: 'Dubai Mall' },
      change: { branch: 'Mall of the Emirates' },
      message: 'Outlet updated successfully!',
    },
    {
      name: 'outlet radius',
      add: '/outlet_radius',
      show: (id: number) => `/outlet_radius/${id}`,
      update: (id: number) => ['PUT', `/outlet_radius/${id}`],
      del: (id: number) => `/outlet_radius/${id}`,
      list: ['GET', '/outlet_radius'],
      body: { label: '5 km', kilometres: 5 },
      change: { kilometres: 7.5 },
      message: 'Radius updated successfully!',
    },
    {
      name: 'card',
      add: '/add_card',
      show: (id: number) => `/show_card?id=${id}`,
      update: (id: number) => ['POST', `/update_card/${id}`],
      del: (id: number) => `/delete_card?card_id=${id}`,
      list: ['POST', '/all_card'],
      body: () => ({ name: 'Skywards Infinite', bank_id: ids.bank, network_id: ids.visa }),
      change: { annual_fee: 1575 },
      message: 'Card updated successfully!',
    },
    {
      name: 'offer',
      add: '/add_offer',
      show: (id: number) => `/show_offer?id=${id}`,
      update: (id: number) => ['POST', `/update_offer/${id}`],
      del: (id: number) => `/delete_offer?offer_id=${id}`,
      list: ['POST', '/all_offer'],
      body: { title: '20% off at Shake Shack', discount: '20% off', valid_from: '2026-01-01', valid_to: '2027-01-01' },
      change: { discount: '25% off' },
      message: 'Offer updated successfully!',
    },
  ] as const;

  it.each(cases)('$name: add, show, list, update, delete, then 404', async (c) => {
    const body = typeof c.body === 'function' ? c.body() : c.body;
    const added = await api('POST', `/admin/v1${c.add}`, body);
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.id;
    expect(added.json().data.version).toBe(1);

    const shown = await api('GET', `/admin/v1${c.show(id)}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.id).toBe(id);

    const listed = await api(c.list[0], `/admin/v1${c.list[1]}`, c.list[0] === 'POST' ? {} : undefined);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().pagination).toMatchObject({ page: 1, per_page: 50 });
    expect(listed.json().data.map((r: { id: number }) => r.id)).toContain(id);

    const [method, url] = c.update(id);
    const updated = await api(method as 'POST', `/admin/v1${url}`, { ...c.change, version: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().message).toBe(c.message);
    expect(updated.json().data).toMatchObject({ ...c.change, version: 2 });

    const stale = await api(method as 'POST', `/admin/v1${url}`, { ...c.change, version: 1 });
    expect(stale.statusCode).toBe(409);

    expect((await api('DELETE', `/admin/v1${c.del(id)}`)).statusCode).toBe(200);
    expect((await api('GET', `/admin/v1${c.show(id)}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/admin/v1${c.del(id)}`)).statusCode).toBe(404);
  });
});

describe('cards', () => {
  it('filters by bank, network, status and display, and searches bank and name words', async () => {
    const a = (
      await api('POST', '/admin/v1/add_card', { name: 'Visa Platinum', bank_id: ids.bank, network_id: ids.visa })
    ).json().data;
    const b = (
      await api('POST', '/admin/v1/add_card', {
        name: 'Elite',
        bank_id: ids.bank2,
        network_id: ids.mc,
        status: 'Discontinued',
        display: false,
      })
    ).json().data;
    expect(a).toMatchObject({
      bank_name: 'Emirates NBD',
      network_type: 'Visa',
      status: 'Not Discontinued',
      display: true,
    });
    const names = async (body: object) =>
      (await api('POST', '/admin/v1/all_card', body)).json().data.map((c: { name: string }) => c.name);
    expect(await names({ bank: ids.bank2 })).toEqual(['Elite']);
    expect(await names({ network: ids.visa })).toContain('Visa Platinum');
    expect(await names({ status: 'Discontinued' })).toEqual(['Elite']);
    expect(await names({ display: false })).toEqual(['Elite']);
    expect(await names({ query: 'enbd plat' })).toEqual(['Visa Platinum']);
    expect(await names({ query: 'abu dhabi elite' })).toEqual(['Elite']);

    const form = multipart({ display: 'true' });
    const r = await s.call({
      method: 'POST',
      url: `/admin/v1/update_card/${b.id}/display`,
      headers: { ...s.adminAuth, ...form.headers },
      payload: form.payload,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ message: 'Card updated display successfully!', data: { display: true } });
  });

  it('refuses a blank annual fee naming the field (the form sends it as empty), never storing 0', async () => {
    const card = (
      await api('POST', '/admin/v1/add_card', {
        name: 'Fee Card',
        bank_id: ids.bank,
        network_id: ids.visa,
        annual_fee: 300,
      })
    ).json().data;
    const form = multipart({ annual_fee: '', version: String(card.version) });
    const r = await s.call({
      method: 'POST',
      url: `/admin/v1/update_card/${card.id}`,
      headers: { ...s.adminAuth, ...form.headers },
      payload: form.payload,
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.annual_fee).toEqual(['Annual fee must be a number.']);
    expect((await api('GET', `/admin/v1/show_card?id=${card.id}`)).json().data.annual_fee).toBe(300);
  });

  it('names the field when a bank does not exist, and refuses to delete a bank with cards', async () => {
    const r = await api('POST', '/admin/v1/add_card', { name: 'Ghost', bank_id: 99999, network_id: ids.visa });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.bank_id[0]).toBe('Bank does not exist.');
    await api('POST', '/admin/v1/add_card', { name: 'Keeps The Bank', bank_id: ids.bank, network_id: ids.visa });
    const del = await api('DELETE', `/admin/v1/delete_bank?bank_id=${ids.bank}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('This bank is still used by cards; remove those first.');
  });

  it('rejects a bad filter naming the field', async () => {
    const r = await api('POST', '/admin/v1/all_card', { status: 'Gone' });
    expect(r.statusCode).toBe(422);
    expect(Object.keys(r.json().errors)).toContain('status');
  });
});

describe('offers', () => {
  it('links cards and outlets, derives banks and merchants, filters by bank, outlet, source and state', async () => {
    const card = (
      await api('POST', '/admin/v1/add_card', { name: 'Cashback', bank_id: ids.bank2, network_id: ids.visa })
    ).json().data;
    const outlet = (
      await api('POST', '/admin/v1/add_outlet', {
        merchant_name: 'Reel Cinemas',
        area_id: ids.marina,
        category_id: ids.dining,
      })
    ).json().data;
    expect(outlet.area_name).toBe('Dubai Marina');
    const live = (
      await api('POST', '/admin/v1/add_offer', {
        title: '2-for-1 movie tickets',
        discount: '2 for 1',
        valid_from: '2020-01-01',
        valid_to: '2099-01-01',
        card_ids: [card.id],
        outlet_ids: [outlet.id],
        from_source: 'fab_crawl',
      })
    ).json().data;
    expect(live).toMatchObject({
      card_ids: [card.id],
      outlet_ids: [outlet.id],
      bank_names: ['First Abu Dhabi Bank'],
      merchant_names: ['Reel Cinemas'],
      state: 'live',
      from_source: 'fab_crawl',
    });
    await api('POST', '/admin/v1/add_offer', {
      title: 'Old summer deal',
      discount: '10% off',
      valid_from: '2020-01-01',
      valid_to: '2020-02-01',
    });
    await api('POST', '/admin/v1/add_offer', {
      title: 'Future winter deal',
      discount: '15% off',
      valid_from: '2098-01-01',
      valid_to: '2099-02-01',
    });

    const titles = async (body: object) =>
      (await api('POST', '/admin/v1/all_offer', body)).json().data.map((o: { title: string }) => o.title);
    expect(await titles({ bank: ids.bank2 })).toEqual(['2-for-1 movie tickets']);
    expect(await titles({ outlet: outlet.id })).toEqual(['2-for-1 movie tickets']);
    expect(await titles({ from_source: 'fab_crawl' })).toEqual(['2-for-1 movie tickets']);
    expect(await titles({ state: 'expired' })).toEqual(['Old summer deal']);
    expect(await titles({ state: 'upcoming' })).toEqual(['Future winter deal']);
    expect(await titles({ query: 'reel marina' })).toEqual(['2-for-1 movie tickets']);
    expect(await titles({ query: 'FAB cashback' })).toEqual(['2-for-1 movie tickets']);
  });

  it('rejects an end before the start, and unknown cards, writing nothing', async () => {
    const before = (await api('POST', '/admin/v1/all_offer', {})).json().pagination.total;
    const r = await api('POST', '/admin/v1/add_offer', {
      title: 'Backwards offer',
      discount: '5%',
      valid_from: '2026-05-01',
      valid_to: '2026-04-01',
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.valid_to[0]).toBe('Valid to must be on or after valid from.');
    const cards = await api('POST', '/admin/v1/add_offer', {
      title: 'Ghost cards offer',
      discount: '5%',
      valid_from: '2026-05-01',
      valid_to: '2026-06-01',
      card_ids: [424242],
    });
    expect(cards.statusCode).toBe(422);
    expect(cards.json().errors.card_ids[0]).toBe('Cards not found: 424242.');
    expect((await api('POST', '/admin/v1/all_offer', {})).json().pagination.total).toBe(before);
  });

  it('accepts card ids from a multipart form as "1,2"', async () => {
    const c1 = (
      await api('POST', '/admin/v1/add_card', { name: 'Form Card One', bank_id: ids.bank, network_id: ids.visa })
    ).json().data.id;
    const c2 = (
      await api('POST', '/admin/v1/add_card', { name: 'Form Card Two', bank_id: ids.bank, network_id: ids.visa })
    ).json().data.id;
    const form = multipart({
      title: 'Multipart offer',
      discount: '10%',
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
      card_ids: `${c1},${c2}`,
    });
    const r = await s.call({
      method: 'POST',
      url: '/admin/v1/add_offer',
      headers: { ...s.adminAuth, ...form.headers },
      payload: form.payload,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.card_ids).toEqual([c1, c2]);
  });
});

describe('users', () => {
  it('filters by role, refuses a duplicate e-mail, and disabling a user ends their sessions', async () => {
    const u = (
      await api('POST', '/admin/v1/add_user', {
        name: 'Rahul Menon',
        email: 'rahul@example.ae',
        password: 'rahul-password',
        role: 'admin',
      })
    ).json().data;
    const dup = await api('POST', '/admin/v1/add_user', { name: 'Other', email: 'RAHUL@example.ae' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.email[0]).toBe('A user with this email already exists.');
    const token = (
      await s.call({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: 'rahul@example.ae', password: 'rahul-password' },
      })
    ).json().data.token;
    const asRahul = { authorization: `Bearer ${token}` };
    expect((await s.call({ method: 'GET', url: '/admin/v1/show_user', headers: asRahul })).statusCode).toBe(200);
    const roles = (await api('GET', '/admin/v1/all_user?role=admin'))
      .json()
      .data.map((x: { email: string }) => x.email);
    expect(roles).toEqual(expect.arrayContaining([ADMIN.email, 'rahul@example.ae']));
    expect((await api('POST', `/admin/v1/update_user/${u.id}`, { status: 'disabled', version: 1 })).statusCode).toBe(
      200,
    );
    expect((await s.call({ method: 'GET', url: '/admin/v1/show_user', headers: asRahul })).statusCode).toBe(401);
  });

  it('an admin cannot delete or demote themselves', async () => {
    const me = (await api('GET', '/admin/v1/show_user')).json().data;
    const del = await api('DELETE', `/admin/v1/delete_user?user_id=${me.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().errors.user_id[0]).toBe('You cannot delete your own account.');
    const demote = await api('POST', `/admin/v1/update_user/${me.id}`, { role: 'user', version: me.version });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors.role).toBeDefined();
  });
});

describe('reference data', () => {
  it('lists Dubai areas with search and has no write calls', async () => {
    const r = await api('GET', '/admin/v1/dubai_city?query=marina');
    expect(r.json().data.map((a: { name: string }) => a.name)).toEqual(['Dubai Marina']);
    expect((await api('POST', '/admin/v1/dubai_city', { name: 'X' })).statusCode).toBe(404);
  });

  it('keeps one default outlet radius', async () => {
    const a = (await api('POST', '/admin/v1/outlet_radius', { label: '2 km', kilometres: 2, is_default: true })).json()
      .data;
    const b = (
      await api('POST', '/admin/v1/outlet_radius', { label: '10 km', kilometres: 10, is_default: true })
    ).json().data;
    const all = (await api('GET', '/admin/v1/outlet_radius')).json().data;
    expect(all.filter((x: { is_default: boolean }) => x.is_default).map((x: { id: number }) => x.id)).toEqual([b.id]);
    expect(all.map((x: { kilometres: number }) => x.kilometres)).toEqual(
      [...all.map((x: { kilometres: number }) => x.kilometres)].sort((p, q) => p - q),
    );
    expect(a.kilometres).toBe(2);
  });

  it('lists offers newest first unless asked otherwise', async () => {
    const ids_ = (await api('POST', '/admin/v1/all_offer', {})).json().data.map((o: { id: number }) => o.id);
    expect(ids_.length).toBeGreaterThan(1);
    expect(ids_).toEqual([...ids_].sort((a: number, b: number) => b - a));
    const byTitle = (await api('POST', '/admin/v1/all_offer?sort=title', {}))
      .json()
      .data.map((o: { title: string }) => o.title.toLowerCase());
    expect(byTitle).toEqual([...byTitle].sort());
  });

  it('sorts by an allowed column and rejects a malformed sort', async () => {
    const asc = (await api('GET', '/admin/v1/all_bank?sort=name')).json().data.map((b: { name: string }) => b.name);
    const desc = (await api('GET', '/admin/v1/all_bank?sort=-name')).json().data.map((b: { name: string }) => b.name);
    expect(desc).toEqual([...asc].reverse());
    expect((await api('GET', '/admin/v1/all_bank?sort=name;drop')).statusCode).toBe(422);
  });
});

describe('palette search', () => {
  it('finds records of every type in one call, with subtitles, accent- and case-insensitively', async () => {
    await api('POST', '/admin/v1/add_card', { name: 'Platinum Plus', bank_id: ids.bank, network_id: ids.visa });
    await api('POST', '/admin/v1/add_outlet', { merchant_name: 'Café Bateel', area_id: ids.marina });
    const r = await api('GET', '/admin/v1/search?query=visa%20plat');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toContainEqual({
      type: 'card',
      id: expect.any(Number),
      title: 'Platinum Plus',
      subtitle: 'Emirates NBD · Visa',
    });
    const cafe = (await api('GET', '/admin/v1/search?query=CAFE%20bateel&types=outlet')).json().data;
    expect(cafe).toEqual([{ type: 'outlet', id: expect.any(Number), title: 'Café Bateel', subtitle: 'Dubai Marina' }]);
    expect((await api('GET', '/admin/v1/search?query=')).statusCode).toBe(422);
  });
});
