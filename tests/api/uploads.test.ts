// Uploads and failed writes: a file sent with a write that is refused never stays on disk,
// while a file a write replaced or deleted stays for its audit entry's revert (the storage
// clean-up removes it later: tests/api/uploadsRevert.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { solidPng } from '../../server/db/seed/logo';
import { multipart, startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const files = () => {
  const dir = path.join(s.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
const logo = () => ({ filename: 'logo.png', type: 'image/png', data: solidPng(8, [200, 30, 30]) });
const send = (url: string, fields: Parameters<typeof multipart>[0]) => {
  const form = multipart(fields);
  return s.call({ method: 'POST', url, headers: { ...s.adminAuth, ...form.headers }, payload: form.payload });
};

it('an update refused as stale (409) leaves no file behind', async () => {
  const bank = (await send('/admin/v1/add_bank', { name: 'Stale Logo Bank', code: 'SLB' })).json().data;
  await send(`/admin/v1/update_bank/${bank.id}`, { name: 'Stale Logo Bank 2', version: '1' });
  const before = files();
  const r = await send(`/admin/v1/update_bank/${bank.id}`, { name: 'Stale Logo Bank 3', version: '1', logo: logo() });
  expect(r.statusCode).toBe(409);
  expect(files()).toEqual(before);
});

it('an add or update refused for bad input (422) leaves no file behind', async () => {
  const before = files();
  const r = await send('/admin/v1/add_bank', { name: 'X', code: 'bad code!', logo: logo() });
  expect(r.statusCode).toBe(422);
  const taken = await send('/admin/v1/add_bank', { name: 'Taken Code Bank', code: 'TKN' });
  expect(taken.statusCode).toBe(200);
  const dup = await send('/admin/v1/add_bank', { name: 'Another Bank', code: 'TKN', logo: logo() });
  expect(dup.statusCode).toBe(422);
  expect(files()).toEqual(before);
});

it("a replaced logo's file stays for the update's entry; a deleted bank's stays after its undo ran out", async () => {
  const bank = (await send('/admin/v1/add_bank', { name: 'Logo Swap Bank', code: 'LSB', logo: logo() })).json().data;
  const first = path.basename(bank.logo);
  expect(files()).toContain(first);
  const updated = (await send(`/admin/v1/update_bank/${bank.id}`, { logo: logo(), version: '1' })).json().data;
  const second = path.basename(updated.logo);
  expect(files()).toEqual(expect.arrayContaining([first, second]));
  await s.call({ method: 'DELETE', url: `/admin/v1/delete_bank?bank_id=${bank.id}`, headers: s.adminAuth });
  // The undo (contract/bulk.ts UNDO_SECONDS) runs out and the next undoable write ends it: the
  // delete's audit entry can still bring the bank back with its logo.
  await s.db.query("update undo_log set expires_at = now() - interval '1 second'");
  const other = (
    await s.db.query<{ id: number }>("insert into banks (name, code) values ('Short-lived Bank', 'SLBQ7') returning id")
  ).rows[0].id;
  await s.call({ method: 'DELETE', url: `/admin/v1/delete_bank?bank_id=${other}`, headers: s.adminAuth });
  expect(files()).toEqual(expect.arrayContaining([first, second]));
});
