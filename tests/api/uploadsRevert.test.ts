// Uploads and the audit log's revert (server/services/storageCleanup.ts): a file a write replaced
// or deleted stays while an entry still in the log could point a record at it again, so the
// image a revert brings back answers 200; the storage clean-up, on the audit pruning's round,
// removes a file once no record and no entry in the log references it, never one younger than
// its grace period (a call in flight), and says in the log what it removed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listAudit, revertAudit, type AuditEntry } from '@contract/audit';
import { bankResource } from '@contract/bank';
import { addHeroBanner, removeHeroBanner } from '@contract/homepageBanners';
import { pathOf, type AnyOp } from '@contract/operation';
import { solidPng } from '../../server/db/seed/logo';
import { UPLOAD_GRACE_MS } from '../../server/services/storageCleanup';
import { LEVEL, multipart, startTestServer, type TestServer } from '../helpers/app';
import { opCalls } from '../helpers/ops';

let s: TestServer;
const { ok, one } = opCalls(() => s);
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

let n = 0;
const png = () => ({ filename: 'logo.png', type: 'image/png', data: solidPng(8, [(++n * 37) % 256, 90, 30]) });
async function send(op: AnyOp, fields: Parameters<typeof multipart>[0], params?: Record<string, unknown>) {
  const form = multipart(fields);
  const res = await s.call({
    method: op.method,
    url: pathOf(op, params),
    headers: { ...s.adminAuth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; version: number } & Record<string, string>;
}
/** The status a browser gets for the file at `url`, fetched through the server. */
const answers = async (url: string) => (await s.call({ method: 'GET', url })).statusCode;
const stored = () => {
  const dir = path.join(s.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const lastEntry = async () => (await ok(listAudit, { query: { per_page: 1 } })).data[0] as AuditEntry;
const revert = (entry: AuditEntry) => ok(revertAudit, { params: { id: entry.id } });
const logoOf = (id: number) => one<string | null>('select logo from banks where id = $1', [id]);

const addBank = () => send(bankResource.ops.add!, { name: `Kept Logo Bank ${n}`, code: `KLB${n}`, logo: png() });
const newLogo = (bank: { id: number; version: number }) =>
  send(bankResource.ops.update!, { version: String(bank.version), logo: png() }, { id: bank.id });
const deleteBank = (id: number) =>
  s.call({
    method: bankResource.ops.remove!.method,
    url: `${pathOf(bankResource.ops.remove!)}?bank_id=${id}`,
    headers: s.adminAuth,
  });

/** Ages the entries that mention `url` past the settings' retention: the next round prunes them. */
const outliveRetention = (url: string) =>
  s.db.query(
    `update audit_log set at = now() - make_interval(days => (select audit_retention_days from settings limit 1) + 1)
     where changes::text like '%' || $1 || '%'`,
    [url],
  );

/**
 * One round of the server's audit pruning and the storage clean-up after it, as its background
 * loop runs it; `later`, with the server's clock past the uploads' grace period.
 */
async function cleanUp(later = true) {
  if (later) s.clock.offset = UPLOAD_GRACE_MS + 60_000;
  try {
    s.app.auditPruning.kick();
    await s.app.auditPruning.idle();
  } finally {
    s.clock.offset = 0;
  }
}

it("reverting a logo change makes the old logo answer 200 again; the newer one stays while the revert's entry can undo it", async () => {
  const bank = await addBank();
  const changed = await newLogo(bank);
  const entry = await lastEntry();
  expect(entry).toMatchObject({ operation: 'bank.update', record_id: bank.id });

  await revert(entry);
  expect(await logoOf(bank.id)).toBe(bank.logo);
  expect(await answers(bank.logo)).toBe(200);
  await cleanUp();
  expect(await answers(bank.logo)).toBe(200);
  expect(await answers(changed.logo)).toBe(200);

  // The revert's own entry brings the newer logo back, and it answers too.
  await revert(await lastEntry());
  expect(await logoOf(bank.id)).toBe(changed.logo);
  expect(await answers(changed.logo)).toBe(200);
});

it('reverting the delete of a bank brings its logo back, after the delete’s undo ran out', async () => {
  const bank = await addBank();
  expect((await deleteBank(bank.id)).statusCode).toBe(200);
  const deleted = await lastEntry();
  expect(deleted).toMatchObject({ kind: 'delete', record_id: bank.id });
  // The undo runs out; the next undoable write ends it (server/routes/bulk.ts purge).
  await s.db.query("update undo_log set expires_at = now() - interval '1 second'");
  expect((await deleteBank((await addBank()).id)).statusCode).toBe(200);

  await revert(deleted);
  expect(await logoOf(bank.id)).toBe(bank.logo);
  expect(await answers(bank.logo)).toBe(200);
});

it('reverting the delete of a hero banner (no undo: an ordered list) brings its image back', async () => {
  const banner = await send(addHeroBanner, {
    title: 'Kept banner',
    link_type: 'url',
    url: 'https://example.com/kept',
    image: png(),
  });
  await ok(removeHeroBanner, { params: { id: banner.id } });
  const deleted = await lastEntry();
  expect(deleted).toMatchObject({ kind: 'delete', record_id: banner.id });

  await revert(deleted);
  expect(await one('select image from hero_banners where id = $1', [banner.id])).toBe(banner.image);
  expect(await answers(banner.image)).toBe(200);
});

it('the clean-up removes a file once no record and no entry in the log references it, and logs how many', async () => {
  const bank = await addBank();
  const changed = await newLogo(bank);
  const [old, now] = [path.basename(bank.logo), path.basename(changed.logo)];
  // No record uses the old logo, but the update's entry could bring it back.
  await cleanUp();
  expect(stored()).toEqual(expect.arrayContaining([old, now]));

  // The entries that name it leave the log: the same round removes it. The bank's logo stays.
  s.logs.clear();
  await outliveRetention(bank.logo);
  await cleanUp();
  expect(await one('select count(*)::int from audit_log where changes::text like $1', [`%${old}%`])).toBe(0);
  expect(stored()).not.toContain(old);
  expect(await answers(bank.logo)).toBe(404);
  expect(stored()).toContain(now);
  expect(await answers(changed.logo)).toBe(200);
  const line = s.logs.find((l) => l.service === 'storageCleanup');
  expect(line).toMatchObject({ level: LEVEL.info, removed: 1, files: [old] });
});

it('the clean-up keeps a file younger than its grace period: a call still in flight may be about to commit it', async () => {
  const orphan = `${crypto.randomUUID()}.png`;
  fs.writeFileSync(path.join(s.dataDir, 'uploads', orphan), solidPng(8, [1, 2, 3]));
  await cleanUp(false);
  expect(stored()).toContain(orphan);
  await cleanUp();
  expect(stored()).not.toContain(orphan);
});

it('a deleted record’s file stays while its delete can be undone or reverted, and goes after both', async () => {
  const bank = await addBank();
  const name = path.basename(bank.logo);
  expect((await deleteBank(bank.id)).statusCode).toBe(200);
  await outliveRetention(bank.logo);
  // The undo still runs: kept though no entry names it any more.
  await cleanUp();
  expect(stored()).toContain(name);
  await s.db.query("update undo_log set expires_at = now() - interval '1 second'");
  expect((await deleteBank((await addBank()).id)).statusCode).toBe(200);
  await cleanUp();
  expect(stored()).not.toContain(name);
});
