// The queues' settings (contract/settings.ts: health_ending_days, health_offer_*, health_outlet_*)
// on both databases: the queues read them (an offer ending in 10 days is "ending soon" once the
// setting says 14; an offer without an image leaves "missing essentials" once an image is not
// required), bad values answer 422 naming the field and change nothing; and the health scores
// (server/services/health.ts keepHealthScores) the background loop keeps per entity and day,
// read back by `health.scores` with their trend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listHealthRows } from '../../contract/health';
import { patchSettings, type Settings } from '../../contract/settings';
import { startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';
import { opCalls } from '../helpers/ops';

let s: TestServer;
const { call, ok } = opCalls(() => s);
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
