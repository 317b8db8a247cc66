// Uploads in S3-compatible object storage (server/services/fileStore.ts), against an S3-protocol
// server the test starts (tests/helpers/s3.ts): an accepted image becomes one object, served at
// the same /uploads/<name> with the same headers as from the disk; a refused write leaves no
// object; a replaced or deleted record's file stays while an audit entry could revert it, and
// the storage clean-up (server/services/storageCleanup.ts) removes it once nothing references
// it; nothing is written to DATA_DIR/uploads.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listAudit, revertAudit, type AuditEntry } from '@contract/audit';
import { bankResource } from '@contract/bank';
import { pathOf } from '@contract/operation';
import { solidPng } from '../../server/db/seed/logo';
import { s3Store } from '../../server/services/fileStore';
import { UPLOAD_GRACE_MS } from '../../server/services/storageCleanup';
import { multipart, startTestServer, type TestServer } from '../helpers/app';
import { startS3, type TestS3 } from '../helpers/s3';
import { secondApp, type SecondApp } from '../helpers/secondApp';

let s: TestServer;
let s3: TestS3;
let app: SecondApp;

beforeAll(async () => {
  s = await startTestServer();
  s3 = await startS3();
  app = await secondApp(s, { fileStore: await s3Store(s3.settings), now: () => Date.now() + s.clock.offset });
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
  await s?.close();
});

const logo = (color: readonly number[]) => ({ filename: 'logo.png', type: 'image/png', data: solidPng(32, color) });
let n = 0;

async function send(url: string, fields: Parameters<typeof multipart>[0]) {
  const form = multipart(fields);
  return app.app.inject({ method: 'POST', url, headers: { ...s.adminAuth, ...form.headers }, payload: form.payload });
}
const addBank = () => {
  n++;
  return send(pathOf(bankResource.ops.add!), { name: `S3 Bank ${n}`, code: `S3B${n}`, logo: logo([51, 102, 153]) });
};
const nameOf = (url: string) => path.basename(url);
type Bank = { id: number; logo: string; version: number };
const bankWithLogo = async () => (await addBank()).json().data as Bank;
async function newLogo(bank: Bank) {
  const res = await send(pathOf(bankResource.ops.update!, { id: bank.id }), {
    version: String(bank.version),
    logo: logo([0, 170, 0]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { logo: string };
}
const removeBank = (id: number) =>
  app.app.inject({
    method: bankResource.ops.remove!.method,
    url: `${pathOf(bankResource.ops.remove!)}?bank_id=${id}`,
    headers: s.adminAuth,
  });
const lastEntry = async () =>
  (await app.app.inject({ method: 'GET', url: `${pathOf(listAudit)}?per_page=1`, headers: s.adminAuth })).json()
    .data[0] as AuditEntry;
async function revert(entry: AuditEntry) {
  const res = await app.app.inject({
    method: 'POST',
    url: pathOf(revertAudit, { id: entry.id }),
    headers: s.adminAuth,
  });
  expect(res.statusCode, res.body).toBe(200);
}
/** A round of the S3 server's audit pruning and storage clean-up, its clock past the uploads' grace period. */
async function cleanUp() {
  s.clock.offset = UPLOAD_GRACE_MS + 60_000;
  try {
    app.app.auditPruning.kick();
    await app.app.auditPruning.idle();
  } finally {
    s.clock.offset = 0;
  }
}

it('an accepted image is one object, served at /uploads/<name> with the disk’s headers; DATA_DIR/uploads stays empty', async () => {
  const before = s3.objects().length;
  const res = await addBank();
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().data.logo as string;
  expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
  expect(s3.objects()).toHaveLength(before + 1);
  expect(s3.objects()).toContain(nameOf(url));

  const got = await fetch(app.base + url);
  expect(got.status).toBe(200);
  expect(got.headers.get('content-type')).toBe('image/png');
  expect(got.headers.get('x-content-type-options')).toBe('nosniff');
  expect(got.headers.get('content-security-policy')).toBe("default-src 'none'");
  expect(Buffer.from(await got.arrayBuffer())).toEqual(solidPng(32, [51, 102, 153]));
  const etag = got.headers.get('etag');
  expect(etag).toBeTruthy();
  expect((await fetch(app.base + url, { headers: { 'if-none-match': etag! } })).status).toBe(304);

  expect((await fetch(`${app.base}/uploads/00000000-0000-4000-8000-000000000000.png`)).status).toBe(404);
  expect((await fetch(`${app.base}/uploads/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  const disk = path.join(s.dataDir, 'uploads');
  expect(fs.existsSync(disk) ? fs.readdirSync(disk) : []).toEqual([]);
});

it('a refused write leaves no object', async () => {
  const before = s3.objects();
  // The code is taken: the image was checked and stored before the insert failed.
  const res = await send(pathOf(bankResource.ops.add!), { name: 'Dup', code: 'S3B1', logo: logo([170, 0, 0]) });
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(s3.objects()).toEqual(before);
});

it("a replaced logo's object stays for the update's entry, whose revert serves it again; so does a deleted bank's", async () => {
  const added = await bankWithLogo();
  const replaced = await newLogo(added);
  expect(s3.objects()).toEqual(expect.arrayContaining([nameOf(added.logo), nameOf(replaced.logo)]));
  await revert(await lastEntry());
  expect((await fetch(app.base + added.logo)).status).toBe(200);

  expect((await removeBank(added.id)).statusCode).toBe(200);
  const deleted = await lastEntry();
  // The delete's undo runs out; the next undoable write ends it (server/routes/bulk.ts purge).
  await s.db.query("update undo_log set expires_at = now() - interval '1 second'");
  expect((await removeBank((await bankWithLogo()).id)).statusCode).toBe(200);
  await revert(deleted);
  expect((await fetch(app.base + added.logo)).status).toBe(200);
});

it('the clean-up removes an object once no record and no entry in the log references it', async () => {
  const added = await bankWithLogo();
  const replaced = await newLogo(added);
  await cleanUp();
  expect(s3.objects()).toContain(nameOf(added.logo));
  // The entries naming the old logo leave the log: the same round removes its object.
  await s.db.query(
    `update audit_log set at = now() - make_interval(days => (select audit_retention_days from settings limit 1) + 1)
     where changes::text like '%' || $1 || '%'`,
    [added.logo],
  );
  await cleanUp();
  expect(s3.objects()).not.toContain(nameOf(added.logo));
  expect((await fetch(app.base + added.logo)).status).toBe(404);
  expect(s3.objects()).toContain(nameOf(replaced.logo));
  expect((await fetch(app.base + replaced.logo)).status).toBe(200);
});
