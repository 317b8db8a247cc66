// Homepage configuration (contract/homepage.ts) on both databases: every call of the four
// lists, their answer shapes, validation that names the field and changes nothing, the
// positions (append at the end, a delete closes the gap, a move clamps `to`), the selected
// offers' 409 and expired flag, and the list's lock under 24 concurrent moves and a move
// racing a delete. Offers, cards and banks are arranged with SQL.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDontMissOut,
  addHeroBanner,
  listDontMissOut,
  listHeroBanners,
  moveDontMissOut,
  moveHeroBanner,
  removeDontMissOut,
  removeHeroBanner,
  showDontMissOut,
  showHeroBanner,
  stepDontMissOut,
  updateDontMissOut,
  updateHeroBanner,
} from '@contract/homepageBanners';
import {
  addSelectedOffer,
  allSelectedOffers,
  listSelectedOffers,
  moveSelectedOffer,
  removeSelectedOffer,
  SELECTED_OFFER_TWICE,
  updateSelectedOffer,
} from '@contract/homepageSelected';
import {
  addWelcomeBox,
  listWelcomeBoxes,
  moveWelcomeBox,
  patchWelcomeBox,
  removeWelcomeBox,
  updateWelcomeBox,
} from '@contract/homepageWelcome';
import { pathOf, type AnyOp } from '@contract/operation';
import { solidPng } from '../../server/db/seed/logo';
import { opCalls } from '../helpers/ops';
import { multipart, startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';

let s: TestServer;
const ids = { bank: 0, card: 0, offers: [] as number[], expiring: 0, ended: 0 };

const { call, ok } = opCalls(() => s);
async function form(op: AnyOp, fields: Parameters<typeof multipart>[0], params?: Record<string, unknown>) {
  const f = multipart(fields);
  const res = await s.call({
    method: op.method,
    url: pathOf(op, params),
    headers: { ...s.adminAuth, ...f.headers },
    payload: f.payload,
  });
  return { status: res.statusCode, json: res.json(), body: res.body };
}
const q = <T = { id: number }>(sql: string, params: unknown[] = []) => s.db.query<T>(sql, params).then((r) => r.rows);
const positions = async (table: string) =>
  (await q<{ id: number; position: number }>(`select id, position from ${table} order by position`)).map(
    (r) => r.position,
  );
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const png = solidPng(8, [200, 30, 60]);

beforeAll(async () => {
  s = await startTestServer();
  [{ id: ids.bank }] = await q("insert into banks (name, code) values ('Homepage Bank', 'HPB') returning id");
  const [{ id: network }] = await q("insert into networks (type) values ('Homepage Network') returning id");
  [{ id: ids.card }] = await q(
    "insert into cards (name, bank_id, network_id) values ('Homepage Platinum', $1, $2) returning id",
    [ids.bank, network],
  );
  for (let i = 1; i <= 8; i++) {
    const [{ id }] = await q(
      "insert into offers (title, discount, valid_from, valid_to) values ($1, '10% off', catalogue_today() - 10, catalogue_today() + 30) returning id",
      [`Featured offer ${i}`],
    );
    await q('insert into offer_cards (offer_id, card_id) values ($1, $2)', [id, ids.card]);
    ids.offers.push(id);
  }
  [{ id: ids.expiring }] = await q(
    "insert into offers (title, discount, valid_from, valid_to) values ('Ending soon offer', '20% off', catalogue_today() - 10, catalogue_today() + 1) returning id",
  );
  [{ id: ids.ended }] = await q(
    "insert into offers (title, discount, valid_from, valid_to) values ('Ended offer', '5% off', catalogue_today() - 30, catalogue_today() - 1) returning id",
  );
});
afterAll(() => s?.close());

describe('welcome boxes', () => {
  it('adds at the end, lists under data.welcome_boxes in position order, updates by PUT and PATCH', async () => {
    const added = [];
    for (const title of ['Good morning', 'Welcome back', 'Ramadan Kareem'])
      added.push(
        (await ok(addWelcomeBox, { body: { title, message: `${title}! Find your card's offers here.` } })).data,
      );
    expect(added.map((b) => b.position)).toEqual([1, 2, 3]);
    expect(added[0]).toMatchObject({ is_active: true, starts_at: null, ends_at: null, version: 1 });

    const list = await ok(listWelcomeBoxes);
    expect(list.data.welcome_boxes.map((b: { title: string }) => b.title)).toEqual([
      'Good morning',
      'Welcome back',
      'Ramadan Kareem',
    ]);
    expect(list.data).toMatchObject({
      page: 1,
      per_page: 50,
      current_page: 1,
      total: 3,
      first_page: 1,
      last_page: 1,
      from: 1,
      to: 3,
    });
    const found = await ok(listWelcomeBoxes, { query: { query: 'ramadan' } });
    expect(found.data.welcome_boxes.map((b: { id: number }) => b.id)).toEqual([added[2].id]);
    const paged = await ok(listWelcomeBoxes, { query: { page: 2, per_page: 2 } });
    expect(paged.data.welcome_boxes.map((b: { position: number }) => b.position)).toEqual([3]);

    const put = await ok(updateWelcomeBox, {
      params: { id: added[0].id },
      body: { message: 'Sabah al khair', version: 1 },
    });
    expect(put).toMatchObject({
      message: 'Welcome box updated successfully!',
      data: { title: 'Good morning', message: 'Sabah al khair', version: 2, position: 1 },
    });
    const patch = await ok(patchWelcomeBox, {
      params: { id: added[0].id },
      body: { is_active: false, starts_at: '2030-01-01T06:00:00.000Z', version: 2 },
    });
    expect(patch.data).toMatchObject({ is_active: false, starts_at: '2030-01-01T06:00:00.000Z', version: 3 });
    const stale = await call(patchWelcomeBox, { params: { id: added[0].id }, body: { title: 'Too late', version: 2 } });
    expect(stale.status).toBe(409);
  });

  it.each([
    [{ message: 'No title' }, 'title'],
    [{ title: 'x', message: 'Too short a title' }, 'title'],
    [{ title: 'No message' }, 'message'],
    [
      { title: 'Bad schedule', message: 'm', starts_at: '2030-02-01T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' },
      'ends_at',
    ],
    [{ title: 'Bad time', message: 'm', starts_at: 'tomorrow' }, 'starts_at'],
  ])('refuses %j naming the field, changing nothing', async (body, field) => {
    const before = await tableChecksums(s.db);
    const r = await call(addWelcomeBox, { body });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json.errors)).toContain(field);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });

  it('refuses an update whose end falls before the start it keeps', async () => {
    const box = (
      await ok(addWelcomeBox, { body: { title: 'Scheduled', message: 'Later', starts_at: '2030-03-01T00:00:00Z' } })
    ).data;
    const r = await call(updateWelcomeBox, {
      params: { id: box.id },
      body: { ends_at: '2030-02-01T00:00:00Z', version: 1 },
    });
    expect(r.status).toBe(422);
    expect(r.json.errors.ends_at[0]).toBe('Ends must be after Starts.');
    await ok(removeWelcomeBox, { params: { id: box.id } });
  });

  it('moves, deletes closing the gap, and answers 404 for a missing box', async () => {
    const { welcome_boxes: boxes } = (await ok(listWelcomeBoxes)).data;
    const moved = await ok(moveWelcomeBox, { params: { id: boxes[0].id }, body: { to: 3 } });
    expect(moved).toEqual({
      message: 'Welcome box moved successfully!',
      data: [
        { id: boxes[1].id, position: 1 },
        { id: boxes[2].id, position: 2 },
        { id: boxes[0].id, position: 3 },
      ],
    });
    const removed = await ok(removeWelcomeBox, { params: { id: boxes[1].id } });
    expect(removed.message).toBe('Welcome box deleted successfully!');
    const after = (await ok(listWelcomeBoxes)).data.welcome_boxes;
    expect(after.map((b: { id: number; position: number }) => [b.id, b.position])).toEqual([
      [boxes[2].id, 1],
      [boxes[0].id, 2],
    ]);
    for (const [op, body] of [
      [updateWelcomeBox, { title: 'Nope box', version: 1 }],
      [patchWelcomeBox, { version: 1 }],
      [moveWelcomeBox, { to: 1 }],
      [removeWelcomeBox, undefined],
    ] as const) {
      const r = await call(op, { params: { id: 99999 }, body });
      expect(r.status, op.id).toBe(404);
      expect(r.json.message).toBe('Welcome box not found.');
    }
  });
});

describe('hero banners', () => {
  const add = (fields: Parameters<typeof multipart>[0]) => form(addHeroBanner, fields);

  it('adds with an image (multipart), shows, lists under data.hero_banners, updates with the product message', async () => {
    const r = await add({
      title: 'Summer dining',
      subtitle: 'Up to 50% off',
      link_type: 'offer',
      offer_id: String(ids.offers[0]),
      image: { filename: 'b.png', type: 'image/png', data: png },
    });
    expect(r.status, r.body).toBe(200);
    const banner = r.json.data;
    expect(banner).toMatchObject({
      position: 1,
      title: 'Summer dining',
      link_type: 'offer',
      offer_id: ids.offers[0],
      card_id: null,
      url: null,
      link_name: 'Featured offer 1',
      is_active: true,
    });
    expect(banner.image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(r.json.message).toBe('Hero banner added successfully!');

    const shown = await ok(showHeroBanner, { params: { id: banner.id } });
    expect(shown.data).toEqual(banner);
    const second = (
      await ok(addHeroBanner, { body: { title: 'Get the Platinum card', link_type: 'card', card_id: ids.card } })
    ).data;
    expect(second).toMatchObject({ position: 2, link_name: 'Homepage Platinum', image: null });
    const list = await ok(listHeroBanners);
    expect(list.data.hero_banners.map((b: { id: number }) => b.id)).toEqual([banner.id, second.id]);
    expect(list.data.total).toBe(2);

    // Another link type: the old target is cleared; the old image stays for the entry's revert.
    const updated = await form(
      updateHeroBanner,
      {
        link_type: 'url',
        url: 'https://example.com/summer',
        version: '1',
        image: { filename: 'c.png', type: 'image/png', data: solidPng(8, [1, 2, 3]) },
      },
      { id: banner.id },
    );
    expect(updated.status, updated.body).toBe(200);
    expect(updated.json.message).toBe('Hero banner updated successfully!');
    expect(updated.json.data).toMatchObject({
      link_type: 'url',
      url: 'https://example.com/summer',
      offer_id: null,
      link_name: 'https://example.com/summer',
      version: 2,
    });
    expect(fs.existsSync(path.join(s.dataDir, banner.image))).toBe(true);
    expect(fs.existsSync(path.join(s.dataDir, updated.json.data.image))).toBe(true);
  });

  it.each([
    [{ title: 'No target', link_type: 'offer' }, 'offer_id', 'Offer is required when link_type is offer.'],
    [
      { title: 'Wrong target', link_type: 'offer', card_id: 1 },
      'card_id',
      'Card is taken only when link_type is card.',
    ],
    [{ title: 'Odd type', link_type: 'page' }, 'link_type', undefined],
    [{ title: 'Bad url', link_type: 'url', url: 'javascript:alert(1)' }, 'url', undefined],
    [{ title: 'Missing offer', link_type: 'offer', offer_id: 99999 }, 'offer_id', 'Offer does not exist.'],
    [{ link_type: 'bank', bank_id: 1 }, 'title', 'Title is required.'],
  ])('refuses %j naming the field, changing nothing', async (body, field, text) => {
    const before = await tableChecksums(s.db);
    const r = await call(addHeroBanner, { body });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json.errors)).toContain(field);
    if (text) expect(r.json.errors[field][0]).toBe(text);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });

  it('refuses a file that is no image, and keeps no file of a refused write', async () => {
    const uploads = () =>
      fs.existsSync(path.join(s.dataDir, 'uploads')) ? fs.readdirSync(path.join(s.dataDir, 'uploads')).length : 0;
    const files = uploads();
    const before = await tableChecksums(s.db);
    const fake = await add({
      title: 'Fake image',
      image: { filename: 'x.png', type: 'image/png', data: Buffer.from('<?php ?>') },
    });
    expect(fake.status).toBe(422);
    expect(fake.json.errors.image[0]).toBe('Image must be a PNG, JPEG, WebP or GIF image.');
    // A good image with a bad link: the image was stored, then removed with the refusal.
    const badLink = await add({
      title: 'Bad link',
      link_type: 'bank',
      image: { filename: 'x.png', type: 'image/png', data: png },
    });
    expect(badLink.status).toBe(422);
    expect(badLink.json.errors.bank_id).toBeDefined();
    expect(uploads()).toBe(files);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });

  it('drops the link, not the banner, when the linked offer is deleted', async () => {
    const [{ id: offer }] = await q(
      "insert into offers (title, discount, valid_from, valid_to) values ('Short-lived', '1% off', catalogue_today(), catalogue_today() + 1) returning id",
    );
    const banner = (
      await ok(addHeroBanner, { body: { title: 'Linked to a short-lived offer', link_type: 'offer', offer_id: offer } })
    ).data;
    await q('delete from offers where id = $1', [offer]);
    const shown = (await ok(showHeroBanner, { params: { id: banner.id } })).data;
    expect(shown).toMatchObject({ link_type: null, offer_id: null, link_name: null });
    await ok(removeHeroBanner, { params: { id: banner.id } });
  });

  it('moves: `to` past the end means last, a non-integer is a 422, a missing banner a 404', async () => {
    for (const title of ['Third banner', 'Fourth banner']) await ok(addHeroBanner, { body: { title } });
    const order = async () => (await ok(listHeroBanners)).data.hero_banners.map((b: { id: number }) => b.id);
    const [a, b, c, d] = await order();
    const last = await ok(moveHeroBanner, { params: { id: a }, body: { to: 99 } });
    expect(last.message).toBe('Hero banner moved successfully!');
    expect(last.data).toEqual([b, c, d, a].map((id, i) => ({ id, position: i + 1 })));
    expect(await order()).toEqual([b, c, d, a]);
    const first = await ok(moveHeroBanner, { params: { id: d }, body: { to: 1 } });
    expect(first.data.map((x: { id: number }) => x.id)).toEqual([d, b, c, a]);
    const before = await tableChecksums(s.db);
    for (const to of [1.5, '2', 0, -1, null, 'last']) {
      const r = await call(moveHeroBanner, { params: { id: a }, body: { to } });
      expect(r.status, JSON.stringify(to)).toBe(422);
      expect(Object.keys(r.json.errors)).toContain('to');
    }
    const none = await call(moveHeroBanner, { params: { id: a }, body: {} });
    expect(none.status).toBe(422);
    expect(none.json.errors.to[0]).toBe('To is required.');
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
    const missing = await call(moveHeroBanner, { params: { id: 99999 }, body: { to: 1 } });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Hero banner not found.');
    expect((await call(showHeroBanner, { params: { id: 99999 } })).status).toBe(404);
    expect((await call(removeHeroBanner, { params: { id: 99999 } })).status).toBe(404);
  });

  it('deletes, closing the gap', async () => {
    const ids0 = (await ok(listHeroBanners)).data.hero_banners.map((b: { id: number }) => b.id);
    await ok(removeHeroBanner, { params: { id: ids0[1] } });
    const after = (await ok(listHeroBanners)).data.hero_banners;
    expect(after.map((b: { id: number }) => b.id)).toEqual([ids0[0], ...ids0.slice(2)]);
    expect(after.map((b: { position: number }) => b.position)).toEqual(oneToN(ids0.length - 1));
  });
});

describe("don't miss out", () => {
  let tiles: number[] = [];
  it('adds, shows, lists as { data, pagination }, updates (multipart)', async () => {
    for (const title of ['Cinema Tuesdays', 'Brunch deals', 'Spa week']) {
      const r = await form(addDontMissOut, {
        title,
        link_type: 'bank',
        bank_id: String(ids.bank),
        image: { filename: 't.png', type: 'image/png', data: png },
      });
      expect(r.status, r.body).toBe(200);
      tiles.push(r.json.data.id);
    }
    const list = await ok(listDontMissOut);
    expect(list.data.map((t: { id: number; position: number }) => [t.id, t.position])).toEqual(
      tiles.map((id, i) => [id, i + 1]),
    );
    expect(list.pagination).toMatchObject({ total: 3, per_page: 50 });
    expect(list.data[0]).toMatchObject({ link_type: 'bank', bank_id: ids.bank, link_name: 'Homepage Bank' });
    expect((await ok(showDontMissOut, { params: { id: tiles[1] } })).data.title).toBe('Brunch deals');
    const upd = await form(
      updateDontMissOut,
      { title: 'Brunch weekends', ends_at: '2020-01-01T00:00:00Z', version: '1' },
      { id: tiles[1] },
    );
    expect(upd.status, upd.body).toBe(200);
    expect(upd.json).toMatchObject({
      message: "Don't miss out banner updated successfully!",
      data: { title: 'Brunch weekends', ends_at: '2020-01-01T00:00:00.000Z' },
    });
  });

  it('steps up and down, changing nothing at the edges', async () => {
    const order = async () => (await ok(listDontMissOut)).data.map((t: { id: number }) => t.id);
    const [a, b, c] = tiles;
    expect(
      (await ok(stepDontMissOut, { params: { id: a, type: 'up' } })).data.map((x: { id: number }) => x.id),
    ).toEqual([a, b, c]);
    expect(
      (await ok(stepDontMissOut, { params: { id: c, type: 'down' } })).data.map((x: { id: number }) => x.id),
    ).toEqual([a, b, c]);
    expect(
      (await ok(stepDontMissOut, { params: { id: b, type: 'up' } })).data.map((x: { id: number }) => x.id),
    ).toEqual([b, a, c]);
    expect(
      (await ok(stepDontMissOut, { params: { id: b, type: 'down' } })).data.map((x: { id: number }) => x.id),
    ).toEqual([a, b, c]);
    const sideways = await call(stepDontMissOut, { params: { id: a, type: 'left' } });
    expect(sideways.status).toBe(422);
    expect(Object.keys(sideways.json.errors)).toContain('type');
    expect((await call(stepDontMissOut, { params: { id: 99999, type: 'up' } })).status).toBe(404);
    // The direction call beside it is the move, not a step.
    expect(
      (await ok(moveDontMissOut, { params: { id: a }, body: { to: 2 } })).data.map((x: { id: number }) => x.id),
    ).toEqual([b, a, c]);
    expect(await order()).toEqual([b, a, c]);
    tiles = [b, a, c];
  });

  it('deletes, closing the gap', async () => {
    await ok(removeDontMissOut, { params: { id: tiles[0] } });
    expect(await positions('dont_miss_out')).toEqual([1, 2]);
    expect((await ok(listDontMissOut)).data.map((t: { id: number }) => t.id)).toEqual(tiles.slice(1));
  });
});

describe('selected offers', () => {
  it('appends at the end, and refuses the same offer twice with a 409', async () => {
    for (const offer of ids.offers.slice(0, 4)) await ok(addSelectedOffer, { body: { offer_id: offer } });
    const added = await ok(addSelectedOffer, { body: { offer_id: ids.expiring } });
    expect(added.message).toBe('Selected offer added successfully!');
    expect(added.data).toMatchObject({
      position: 5,
      offer_id: ids.expiring,
      offer_title: 'Ending soon offer',
      expired: false,
      state: 'live',
    });
    const first = (await ok(allSelectedOffers)).data[0];
    expect(first).toMatchObject({
      offer_title: 'Featured offer 1',
      discount: '10% off',
      bank_names: ['Homepage Bank'],
      card_names: ['Homepage Platinum'],
    });

    const before = await tableChecksums(s.db);
    const twice = await call(addSelectedOffer, { body: { offer_id: ids.offers[0] } });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe(SELECTED_OFFER_TWICE);
    expect(twice.json.errors.offer_id).toEqual([SELECTED_OFFER_TWICE]);
    const ended = await call(addSelectedOffer, { body: { offer_id: ids.ended } });
    expect(ended.status).toBe(422);
    expect(ended.json.errors.offer_id[0]).toMatch(/^This offer ended on \d{4}-\d{2}-\d{2}/);
    const missing = await call(addSelectedOffer, { body: { offer_id: 99999 } });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.offer_id).toEqual(['Offer does not exist.']);
    const noOffer = await call(addSelectedOffer, { body: {} });
    expect(noOffer.status).toBe(422);
    expect(noOffer.json.errors.offer_id).toBeDefined();
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });

  it('flags an offer whose validity ended, keeping it in the list', async () => {
    await q('update offers set valid_from = catalogue_today() - 20, valid_to = catalogue_today() - 2 where id = $1', [
      ids.expiring,
    ]);
    const all = (await ok(allSelectedOffers)).data;
    expect(all.map((x: { position: number }) => x.position)).toEqual(oneToN(5));
    expect(all.find((x: { offer_id: number }) => x.offer_id === ids.expiring)).toMatchObject({
      expired: true,
      state: 'expired',
    });
    expect(all.filter((x: { expired: boolean }) => x.expired)).toHaveLength(1);
    const expired = await ok(listSelectedOffers, { body: { state: 'expired' } });
    expect(expired.data.map((x: { offer_id: number }) => x.offer_id)).toEqual([ids.expiring]);
    expect(expired.pagination.total).toBe(1);
  });

  it('lists a page with the filter payload (or null), in position order', async () => {
    const page = await ok(listSelectedOffers, { query: { page: 2, per_page: 2 }, body: null });
    expect(page.data.map((x: { position: number }) => x.position)).toEqual([3, 4]);
    expect(page.pagination).toMatchObject({ page: 2, per_page: 2, total: 5, last_page: 3, from: 3, to: 4 });
    const found = await ok(listSelectedOffers, { body: { query: 'featured offer 3', state: 'live' } });
    expect(found.data.map((x: { offer_id: number }) => x.offer_id)).toEqual([ids.offers[2]]);
    const byBank = await ok(listSelectedOffers, { body: { query: 'homepage platinum' } });
    expect(byBank.pagination.total).toBe(4);
  });

  it('updates (PUT, JSON) with the product message; another offer already listed is a 409', async () => {
    const [x, y] = (await ok(allSelectedOffers)).data;
    const r = await ok(updateSelectedOffer, { params: { id: x.id }, body: { is_active: false, version: 1 } });
    expect(r).toMatchObject({
      message: 'Selected offers updated successfully!',
      data: { is_active: false, version: 2, position: 1 },
    });
    const clash = await call(updateSelectedOffer, { params: { id: x.id }, body: { offer_id: y.offer_id, version: 2 } });
    expect(clash.status).toBe(409);
    expect(clash.json.message).toBe(SELECTED_OFFER_TWICE);
    const swap = await ok(updateSelectedOffer, { params: { id: x.id }, body: { offer_id: ids.offers[5], version: 2 } });
    expect(swap.data).toMatchObject({ offer_id: ids.offers[5], offer_title: 'Featured offer 6' });
    expect((await call(updateSelectedOffer, { params: { id: 99999 }, body: { version: 1 } })).status).toBe(404);
  });

  it('moves with the product message and removes, closing the gap; deleting the offer closes it too', async () => {
    const all = (await ok(allSelectedOffers)).data.map((x: { id: number }) => x.id);
    const moved = await ok(moveSelectedOffer, { params: { id: all[4] }, body: { to: 2 } });
    expect(moved.message).toBe('Selected offers updated successfully!');
    expect(moved.data.map((x: { id: number }) => x.id)).toEqual([all[0], all[4], all[1], all[2], all[3]]);
    const removed = await ok(removeSelectedOffer, { params: { id: all[1] } });
    expect(removed.message).toBe('Selected offer removed successfully!');
    expect(await positions('selected_offers')).toEqual(oneToN(4));
    const doomed = (await ok(allSelectedOffers)).data[1];
    await q('delete from offers where id = $1', [doomed.offer_id]);
    const after = (await ok(allSelectedOffers)).data;
    expect(after.map((x: { id: number }) => x.id)).toEqual([all[0], all[2], all[3]]);
    expect(after.map((x: { position: number }) => x.position)).toEqual([1, 2, 3]);
    expect((await call(removeSelectedOffer, { params: { id: 99999 } })).status).toBe(404);
    expect((await call(moveSelectedOffer, { params: { id: 99999 }, body: { to: 1 } })).status).toBe(404);
  });
});

describe('the list lock', () => {
  it('keeps positions 1..n under 24 concurrent moves of one list', async () => {
    for (let i = 0; i < 6; i++) await ok(addWelcomeBox, { body: { title: `Race box ${i}`, message: 'Moving' } });
    const boxes = (await ok(listWelcomeBoxes)).data.welcome_boxes.map((b: { id: number }) => b.id);
    const n = boxes.length;
    const moves = Array.from({ length: 24 }, (_, i) =>
      s.app.inject({
        method: 'POST',
        url: pathOf(moveWelcomeBox, { id: boxes[(i * 7) % n] }),
        headers: { ...s.adminAuth, 'content-type': 'application/json' },
        payload: JSON.stringify({ to: ((i * 5) % (n + 2)) + 1 }),
      }),
    );
    const answers = await Promise.all(moves);
    for (const a of answers) {
      expect(a.statusCode, a.body).toBe(200);
      // Each answer is a whole order: positions 1..n.
      expect(a.json().data.map((x: { position: number }) => x.position)).toEqual(oneToN(n));
    }
    expect(await positions('welcome_boxes')).toEqual(oneToN(n));
    const listed = (await ok(listWelcomeBoxes)).data.welcome_boxes.map((b: { id: number }) => b.id);
    expect([...listed].sort((a, b) => a - b)).toEqual([...boxes].sort((a, b) => a - b));
  });

  it('lets a move race a delete: both complete or the move is a 404; positions stay 1..n', async () => {
    for (let i = 0; i < 6; i++) await ok(addHeroBanner, { body: { title: `Racing banner ${i}` } });
    for (let round = 0; round < 6; round++) {
      const banners = (await ok(listHeroBanners)).data.hero_banners.map((b: { id: number }) => b.id);
      const victim = banners[round % banners.length];
      const inject = (op: AnyOp, body?: object) =>
        s.app.inject({
          method: op.method,
          url: pathOf(op, { id: victim }),
          headers: { ...s.adminAuth, ...(body && { 'content-type': 'application/json' }) },
          payload: body && JSON.stringify(body),
        });
      const [move, del, move2] = await Promise.all([
        inject(moveHeroBanner, { to: banners.length }),
        inject(removeHeroBanner),
        inject(moveHeroBanner, { to: 1 }),
      ]);
      expect(del.statusCode, del.body).toBe(200);
      for (const m of [move, move2]) expect([200, 404], m.body).toContain(m.statusCode);
      expect(await positions('hero_banners')).toEqual(oneToN(banners.length - 1));
    }
  });
});
