// Settings (contract/settings.ts) on both databases: the one record read, changed by PUT and
// PATCH, each changed field recording who and when (on the server's clock), the refusals
// naming the field and writing nothing, a stale version, and the maintenance-message rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyOp } from '@contract/operation';
import { patchSettings, putSettings, showSettings, type Settings } from '@contract/settings';
import { opCalls } from '../helpers/ops';
import { ADMIN, startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';

let s: TestServer;
let adminId: number;

const ops = opCalls(() => s);
/** Settings is one row: its id defaults to 1. */
const call = (op: AnyOp, input: { id?: number; body?: unknown } = {}) =>
  ops.call(op, { params: { id: input.id ?? 1 }, body: input.body });
const current = async (): Promise<Settings> => (await call(showSettings)).json.data;

beforeAll(async () => {
  s = await startTestServer();
  adminId = (await s.db.query<{ id: number }>('select id from users where lower(email) = lower($1)', [ADMIN.email]))
    .rows[0].id;
});
afterAll(() => s?.close());

const valid = {
  support_email: 'help@cards.example',
  default_outlet_radius_km: 7.5,
  min_app_version_ios: '2.14.0',
  min_app_version_android: '2.13.1',
  maintenance_mode: false,
  maintenance_message: null,
  offers_per_section: 12,
};

describe('settings', () => {
  it('shows the one record the migration wrote, no field changed yet', async () => {
    const res = await call(showSettings);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      message: 'Settings fetched successfully!',
      data: {
        id: 1,
        default_outlet_radius_km: 5,
        maintenance_mode: false,
        offers_per_section: 10,
        changes: {},
        version: 1,
      },
    });
  });

  it('PUT replaces every field; the changed ones record who and when on the server clock', async () => {
    s.clock.offset = 3600_000;
    let res;
    try {
      res = await call(putSettings, { body: { ...valid, version: 1 } });
    } finally {
      s.clock.offset = 0;
    }
    expect(res.status, res.body).toBe(200);
    expect(res.json.message).toBe('Settings updated successfully!');
    const data: Settings = res.json.data;
    expect(data).toMatchObject({ ...valid, version: 2 });
    const at = Date.parse(data.changes.support_email.at);
    expect(Math.abs(at - (Date.now() + 3600_000))).toBeLessThan(60_000);
    for (const f of [
      'support_email',
      'default_outlet_radius_km',
      'min_app_version_ios',
      'min_app_version_android',
      'offers_per_section',
    ]) {
      expect(data.changes[f], f).toMatchObject({ by_id: adminId, by_name: expect.any(String) });
    }
    // Unchanged fields (maintenance mode was off, its message empty) record nothing.
    expect(data.changes.maintenance_mode).toBeUndefined();
    expect(data.changes.maintenance_message).toBeUndefined();
  });

  it('PATCH changes the fields given; only those get a new who/when; an unchanged save writes nothing', async () => {
    const before = await current();
    const res = await call(patchSettings, { body: { offers_per_section: 20, version: before.version } });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      offers_per_section: 20,
      support_email: valid.support_email,
      version: before.version + 1,
    });
    expect(res.json.data.changes.offers_per_section.at).not.toBe(before.changes.offers_per_section.at);
    expect(res.json.data.changes.support_email).toEqual(before.changes.support_email);

    const sums = await tableChecksums(s.db);
    const same = await call(patchSettings, { body: { offers_per_section: 20, version: before.version + 1 } });
    expect(same.status).toBe(200);
    expect(same.json.data.version).toBe(before.version + 1);
    expect(changedTables(sums, await tableChecksums(s.db))).toEqual([]);
  });

  it('maintenance mode needs its message; with one it turns on', async () => {
    const { version } = await current();
    const sums = await tableChecksums(s.db);
    for (const message of [undefined, null, '   ']) {
      const res = await call(patchSettings, {
        body: { maintenance_mode: true, ...(message !== undefined && { maintenance_message: message }), version },
      });
      expect(res.status).toBe(422);
      expect(res.json.errors.maintenance_message[0]).toBe(
        'Maintenance message is required while maintenance mode is on: it is what the app shows.',
      );
    }
    expect(changedTables(sums, await tableChecksums(s.db))).toEqual([]);
    const on = await call(patchSettings, {
      body: { maintenance_mode: true, maintenance_message: '  Back at 6 am.  ', version },
    });
    expect(on.status, on.body).toBe(200);
    expect(on.json.data).toMatchObject({ maintenance_mode: true, maintenance_message: 'Back at 6 am.' });
    expect(Object.keys(on.json.data.changes)).toEqual(
      expect.arrayContaining(['maintenance_mode', 'maintenance_message']),
    );
    // The message cannot be cleared while the mode is on.
    const cleared = await call(patchSettings, { body: { maintenance_message: '', version: version + 1 } });
    expect(cleared.status).toBe(422);
    const off = await call(patchSettings, { body: { maintenance_mode: false, version: version + 1 } });
    expect(off.json.data).toMatchObject({ maintenance_mode: false, maintenance_message: 'Back at 6 am.' });
  });

  it('answers 409 to a stale version and keeps the newer values', async () => {
    const { version, offers_per_section } = await current();
    const res = await call(patchSettings, { body: { offers_per_section: 3, version: version - 1 } });
    expect(res.status).toBe(409);
    expect(res.json.errors.version[0]).toBe('This record was changed by someone else. Reload it and try again.');
    expect((await current()).offers_per_section).toBe(offers_per_section);
  });

  it('answers 404 for another id', async () => {
    const { version } = await current();
    const res = await call(patchSettings, { id: 2, body: { offers_per_section: 3, version } });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('Settings not found.');
  });

  it.each([
    [
      patchSettings,
      { support_email: 'not an address' },
      'support_email',
      'Support e-mail must be a valid e-mail address.',
    ],
    [
      patchSettings,
      { default_outlet_radius_km: 0 },
      'default_outlet_radius_km',
      'Default outlet radius must be at least 0.1.',
    ],
    [
      patchSettings,
      { default_outlet_radius_km: -3 },
      'default_outlet_radius_km',
      'Default outlet radius must be at least 0.1.',
    ],
    [
      patchSettings,
      { default_outlet_radius_km: 250 },
      'default_outlet_radius_km',
      'Default outlet radius must be at most 200.',
    ],
    [
      patchSettings,
      { min_app_version_ios: '2.1' },
      'min_app_version_ios',
      'Minimum iOS app version has an invalid format.',
    ],
    [
      patchSettings,
      { min_app_version_android: 'v2.1.0' },
      'min_app_version_android',
      'Minimum Android app version has an invalid format.',
    ],
    [
      patchSettings,
      { min_app_version_android: '02.1.0' },
      'min_app_version_android',
      'Minimum Android app version has an invalid format.',
    ],
    [patchSettings, { offers_per_section: 0 }, 'offers_per_section', 'Offers per homepage section must be at least 1.'],
    [
      patchSettings,
      { offers_per_section: 51 },
      'offers_per_section',
      'Offers per homepage section must be at most 50.',
    ],
    [
      patchSettings,
      { offers_per_section: 2.5 },
      'offers_per_section',
      'Offers per homepage section must be a whole number.',
    ],
    [patchSettings, { maintenance_mode: 'yes' }, 'maintenance_mode', 'Maintenance mode must be true or false.'],
    [patchSettings, { offers_per_section: 5 }, 'version', 'Version is required.'],
    [
      putSettings,
      { support_email: 'help@cards.example' },
      'default_outlet_radius_km',
      'Default outlet radius is required.',
    ],
  ] as const)('%s refuses %j naming the field, writing nothing', async (op, body, field, text) => {
    const { version } = await current();
    const sums = await tableChecksums(s.db);
    const res = await call(op, { body: field === 'version' ? body : { ...body, version } });
    expect(res.status, res.body).toBe(422);
    expect(Object.keys(res.json.errors)).toContain(field);
    expect(res.json.errors[field][0]).toBe(text);
    expect(changedTables(sums, await tableChecksums(s.db))).toEqual([]);
  });
});
