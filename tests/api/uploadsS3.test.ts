// Uploads in S3-compatible object storage (server/services/fileStore.ts), against an S3-protocol
// server the test starts (tests/helpers/s3.ts): an accepted image becomes one object, served at
// the same /uploads/<name> with the same headers as from the disk; a refused write leaves no
// object; a replaced file goes once the write has committed (a deleted record's is kept while
// the delete can be undone); nothing is written to DATA_DIR/uploads.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bankResource } from '../../contract/bank';
import { pathOf } from '../../contract/operation';
import { solidPng } from '../../server/db/seed/logo';
import { s3Store } from '../../server/services/fileStore';
import { multipart, startTestServer, type TestServer } from '../helpers/app';
import { startS3, type TestS3 } from '../helpers/s3';
import { secondApp, type SecondApp } from '../helpers/secondApp';

let s: TestServer;
let s3: TestS3;
let app: SecondApp;

beforeAll(async () => {
  s = await startTestServer();
  s3 = await startS3();
  app = await secondApp(s, { fileStore: await s3Store(s3.settings) });
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

it("a replaced logo's object goes after the save commits; a deleted bank's stays while the delete can be undone", async () => {
  const added = (await addBank()).json().data as { id: number; logo: string; version: number };
  const replaced = await send(pathOf(bankResource.ops.update!, { id: added.id }), {
    name: 'S3 Bank renamed',
    code: `S3R${n}`,
    version: String(added.version),
    logo: logo([0, 170, 0]),
  });
  expect(replaced.statusCode, replaced.body).toBe(200);
  const now = replaced.json().data.logo as string;
  await expect.poll(() => s3.objects().includes(nameOf(added.logo))).toBe(false);
  expect(s3.objects()).toContain(nameOf(now));

  const removed = await app.app.inject({
    method: bankResource.ops.remove!.method,
    url: `${pathOf(bankResource.ops.remove!)}?bank_id=${added.id}`,
    headers: s.adminAuth,
  });
  expect(removed.statusCode, removed.body).toBe(200);
  expect(s3.objects()).toContain(nameOf(now));
});
