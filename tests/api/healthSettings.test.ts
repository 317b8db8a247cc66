// The queues' settings (contract/settings.ts: health_ending_days, health_offer_*, health_outlet_*)
// on both databases: the queues read them (an offer ending in 10 days is "ending soon" once the
// setting says 14; an offer without an image leaves "missing essentials" once an image is not
// required), bad values answer 422 naming the field and change nothing; and the health scores
// (server/services/health.ts keepHealthScores) the background loop keeps per entity and day,
// read back by `health.scores` with their trend.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listHealthRows, listHealthScores, type HealthScore } from '@contract/health';
import { patchSettings, type Settings } from '@contract/settings';
import { startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';
import { opCalls } from '../helpers/ops';

let s: TestServer;
const { call, ok, one } = opCalls(() => s);
const q = <T = { id: number }>(sql: string, params: unknown[] = []) => s.db.query<T>(sql, params).then((r) => r.rows);
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestServer();
  const offer = async (name: string, to: number, image: string | null, terms: string | null) =>
    (ids[name] = (
      await q(
        `insert into offers (title, discount, valid_from, valid_to, image, terms)
         values ($1, '5%', catalogue_today() - 3, catalogue_today() + $2::int, $3, $4) returning id`,
        [name, to, image, terms],
      )
    )[0].id);
  await offer('tenDays', 9, '/uploads/a.png', 'Terms.');
  await offer('noImage', 60, null, 'Terms.');
  await offer('noTerms', 60, '/uploads/a.png', null);
  await offer('fine', 60, '/uploads/a.png', 'Terms.');
  ids.noArea = (
    await q("insert into outlets (merchant_name, latitude, longitude) values ('No area', 25, 55) returning id")
  )[0].id;
});
afterAll(() => s?.close());

const idsOf = async (queue: string) =>
  ((await ok(listHealthRows, { params: { queue } })).data as { rows: { id: number }[] }).rows.map((r) => r.id);
const version = async () => (await q<{ version: number }>('select version from settings'))[0].version;
const patch = async (body: Record<string, unknown>) =>
  call(patchSettings, { params: { id: 1 }, body: { ...body, version: await version() } });

describe('the queues read their settings', () => {
  it('shows the defaults: 7 days, images, terms, areas and locations required', async () => {
    const res = await call(patchSettings, { params: { id: 1 }, body: { version: await version() } });
    expect(res.json.data as Settings).toMatchObject({
      health_ending_days: 7,
      health_offer_image: true,
      health_offer_terms: true,
      health_outlet_area: true,
      health_outlet_location: true,
    });
    expect(await idsOf('ending')).not.toContain(ids.tenDays);
    expect(await idsOf('offersIncomplete')).toEqual(expect.arrayContaining([ids.noImage, ids.noTerms]));
    expect(await idsOf('outletsIncomplete')).toContain(ids.noArea);
  });

  it('"ending within N days" follows health_ending_days', async () => {
    expect((await patch({ health_ending_days: 14 })).status).toBe(200);
    expect(await idsOf('ending')).toContain(ids.tenDays);
    expect((await patch({ health_ending_days: 7 })).status).toBe(200);
    expect(await idsOf('ending')).not.toContain(ids.tenDays);
  });

  it('what "complete" means follows the offer and outlet fields chosen', async () => {
    expect((await patch({ health_offer_image: false, health_outlet_area: false })).status).toBe(200);
    const offers = await idsOf('offersIncomplete');
    expect(offers).toContain(ids.noTerms);
    expect(offers).not.toContain(ids.noImage);
    expect(await idsOf('outletsIncomplete')).not.toContain(ids.noArea);
    const [row] = (
      (await ok(listHealthRows, { params: { queue: 'offersIncomplete' } })).data as {
        rows: { id: number; reason: string }[];
      }
    ).rows.filter((r) => r.id === ids.noTerms);
    expect(row.reason).toBe('No terms');
    expect((await patch({ health_offer_image: true, health_outlet_area: true })).status).toBe(200);
    expect(await idsOf('offersIncomplete')).toContain(ids.noImage);
  });

  it.each([
    ['health_ending_days', 0],
    ['health_ending_days', 366],
    ['health_ending_days', 2.5],
    ['health_ending_days', 'soon'],
    ['health_offer_image', 'yes'],
    ['health_outlet_location', null],
  ])('%s = %j: 422 naming the field, nothing changed', async (field, value) => {
    const before = await tableChecksums(s.db);
    const res = await patch({ [field]: value });
    expect(res.status, res.body).toBe(422);
    expect(Object.keys(res.json.errors)).toContain(field);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });
});

describe('the health scores', () => {
  const scores = async () =>
    Object.fromEntries(((await ok(listHealthScores)).data as HealthScore[]).map((sc) => [sc.entity, sc]));
  const round = async () => {
    s.app.healthChecks.kick();
    await s.app.healthChecks.idle();
  };

  beforeAll(async () => {
    // One offer nothing is wrong with: a shown card, an outlet with an area and a location.
    const [{ id: bank }] = await q("insert into banks (name, code) values ('Score Bank', 'SCR') returning id");
    const [{ id: network }] = await q("insert into networks (type) values ('Score Net') returning id");
    const [{ id: card }] = await q(
      "insert into cards (name, bank_id, network_id, display) values ('Score Card', $1, $2, true) returning id",
      [bank, network],
    );
    const [{ id: area }] = await q("insert into dubai_cities (name) values ('Score Area') returning id");
    const [{ id: outlet }] = await q(
      "insert into outlets (merchant_name, area_id, latitude, longitude) values ('Good outlet', $1, 25, 55) returning id",
      [area],
    );
    await q('insert into offer_cards (offer_id, card_id) values ($1, $2)', [ids.fine, card]);
    await q('insert into offer_outlets (offer_id, outlet_id) values ($1, $2)', [ids.fine, outlet]);
    await q('delete from health_scores');
    // Their image's file is in storage: the checker finds it there (a missing one is queue 5's).
    fs.mkdirSync(path.join(s.dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(s.dataDir, 'uploads', 'a.png'), 'bytes');
  });

  it("are kept by the background loop, one row per entity and day, and read back with the last 30 days' trend", async () => {
    expect((await scores()).offer).toMatchObject({ score: null, total: 0, trend: [] });
    await round();
    const kept = await q<{ entity: string; total: number; in_queues: number }>(
      'select entity, total, in_queues from health_scores where day = catalogue_today() order by entity',
    );
    expect(kept).toEqual([
      { entity: 'card', total: 1, in_queues: 0 },
      { entity: 'category', total: 0, in_queues: 0 },
      { entity: 'offer', total: 4, in_queues: 3 },
      { entity: 'outlet', total: 2, in_queues: 1 },
    ]);
    await q(
      "insert into health_scores (entity, day, total, in_queues) values ('offer', catalogue_today() - 1, 4, 4), ('offer', catalogue_today() - 40, 4, 0)",
    );
    await round();
    const now = await scores();
    expect(now.offer).toMatchObject({ score: 25, total: 4, in_queues: 3 });
    expect(now.offer.trend.map((d: { score: number | null }) => d.score)).toEqual([0, 25]);
    expect(now.card.score).toBe(100);
    expect(now.outlet.score).toBe(50);
    expect(now.category.score).toBeNull();
    // A second round the same day rewrites the day's row: still one per entity and day.
    expect(await one<number>("select count(*)::int from health_scores where entity = 'offer'")).toBe(3);
  });

  it('are not computed per request: a change shows in the score after the next round', async () => {
    await q('update offers set terms = null where id = $1', [ids.fine]);
    expect((await scores()).offer.score).toBe(25);
    await round();
    expect((await scores()).offer.score).toBe(0);
  });
});
