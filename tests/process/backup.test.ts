// npm run backup / npm run restore (server/backup/): a seeded embedded installation backed up
// to one file and restored into an empty folder serves the same records and uploads; both
// refuse while a server holds the folder, and a restore refuses a folder with data unless
// --force. A damaged backup (made by editing the good one, no new server) is refused in one
// sentence with the folder left byte for byte as it was. On PostgreSQL, a pg_dump file
// restored into an empty database holds the same rows, and a damaged one changes none.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, expect, it } from 'vitest';
import { bankResource } from '@contract/bank';
import { pathOf } from '@contract/operation';
import { startCluster, type Cluster } from '../../scripts/postgres';
import type { Manifest } from '../../server/backup/backup';
import { openDb } from '../../server/db/connection';
import { killAll, newDatabase, signIn, spawnServer, tempDir } from './server';

const dirs: string[] = [];
let cluster: Cluster | undefined;
afterAll(() => {
  killAll();
  cluster?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
const dir = (name: string) => {
  const d = tempDir(name);
  dirs.push(d);
  return d;
};

/** The backup program as `npm run backup|restore` runs it, in `env`. */
function program(verb: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['scripts/start.mjs', 'backup', verb, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A refusal as the operator reads it: exit code 1 and one line matching `said`, no stack. */
function expectRefused(r: ReturnType<typeof program>, said: RegExp, what: string, check: typeof expect.soft = expect) {
  check(r.code, `${what}: ${r.err}`).toBe(1);
  check(r.err.trim().split('\n'), what).toHaveLength(1);
  check(r.err, what).toMatch(said);
}

/** Every file and link under `dir` (the lock aside) with a hash of its content: "exactly as it was". */
function snapshot(dir: string, into: Record<string, string> = {}, under = ''): Record<string, string> {
  for (const e of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const rel = path.join(under, e.name);
    if (!under && e.name.startsWith('.lock')) continue;
    if (e.isDirectory()) snapshot(dir, into, rel);
    else if (e.isSymbolicLink()) into[rel] = `link ${fs.readlinkSync(path.join(dir, rel))}`;
    else
      into[rel] = crypto
        .createHash('sha1')
        .update(fs.readFileSync(path.join(dir, rel)))
        .digest('hex');
  }
  return into;
}

/** The paths whose content differs between two snapshots, added and removed ones too (the first few). */
function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  const paths = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...paths].filter((p) => before[p] !== after[p]).slice(0, 5);
}

/** A copy of backup `file` with `edit` applied to its unpacked files, packed again. */
async function edited(file: string, edit: (unpacked: string) => void): Promise<string> {
  const unpacked = dir('backup-edit');
  await tar.extract({ file, cwd: unpacked });
  edit(unpacked);
  const out = path.join(dir('backup-edited'), 'edited.backup');
  await tar.create({ file: out, cwd: unpacked, portable: true }, fs.readdirSync(unpacked));
  return out;
}

/** The banks' total and the first logo's URL, as the API gives them. */
async function banksOf(url: string) {
  const res = await fetch(`${url}${pathOf(bankResource.ops.list)}?per_page=1`, { headers: await signIn(url) });
  const body = (await res.json()) as { pagination: { total: number }; data: { logo: string | null }[] };
  return { total: body.pagination.total, logo: body.data[0]?.logo ?? null };
}

/** The first test's backup and the folder it restored it into, for the damaged copies after it. */
let goodRestore: { file: string; target: string; banks: number } | undefined;

it('an embedded installation: backed up to one file, restored into an empty folder, serves the same', async () => {
  const data = dir('backup-src');
  const server = await spawnServer({ DATA_DIR: data, SEED: '1' });
  await server.healthy(120_000);
  const before = await banksOf(server.url);
  expect(before.total).toBeGreaterThan(0);
  expect(before.logo).toBeTruthy();
  const file = path.join(dir('backup-file'), 'nightly.backup');

  // A server holds the folder: no backup of files being written.
  const busy = program('backup', [file], { DATA_DIR: data });
  expect(busy.code).toBe(1);
  expect(busy.err).toMatch(/in use by another running server/);
  expect(fs.existsSync(file)).toBe(false);
  expect(await server.stop()).toBe(0);

  const made = program('backup', [file], { DATA_DIR: data });
  expect(made.code, made.err).toBe(0);
  expect(made.out).toMatch(/^Backed up .* uploaded files\) to .*nightly\.backup/);

  const target = dir('backup-dst');
  const restored = program('restore', [file], { DATA_DIR: target });
  expect(restored.code, restored.err).toBe(0);
  // Again into the same folder: it holds data now.
  const again = program('restore', [file], { DATA_DIR: target });
  expect(again.code).toBe(1);
  expect(again.err).toMatch(/already holds? data.*--force/);
  expect(program('restore', [file, '--force'], { DATA_DIR: target }).code).toBe(0);

  const copy = await spawnServer({ DATA_DIR: target });
  await copy.healthy(120_000);
  const after = await banksOf(copy.url);
  expect(after).toEqual(before);
  const logo = await fetch(new URL(after.logo!, copy.url));
  expect(logo.status).toBe(200);
  expect(logo.headers.get('content-type')).toMatch(/^image\//);
  expect(await copy.stop()).toBe(0);
  goodRestore = { file, target, banks: before.total };
}, 300_000);

it('a damaged backup, or one holding a link, is refused in a sentence and the folder keeps its data', async () => {
  if (!goodRestore) throw new Error('needs the backup and restored folder of the test before');
  const { file, target } = goodRestore;
  const kept = snapshot(target);
  const uploads = (d: string) => path.join(d, 'uploads');
  const anUpload = (d: string) => path.join(uploads(d), fs.readdirSync(uploads(d))[0]);
  const damaged: [string, RegExp, (d: string) => void][] = [
    [
      'dump cut short',
      /database dump \(pglite\.tar\.gz\) is cut short/,
      (d) => {
        const dump = path.join(d, 'pglite.tar.gz');
        fs.truncateSync(dump, Math.floor(fs.statSync(dump).size / 2));
      },
    ],
    [
      'dump not gzip',
      /database dump \(pglite\.tar\.gz\) is not gzip/,
      (d) => fs.writeFileSync(path.join(d, 'pglite.tar.gz'), 'not a dump'),
    ],
    [
      'symlink in uploads',
      /holds a link, uploads\/elsewhere\.png/,
      // Relative, so tar would unpack it: restored, it would point into the unpacked copy, gone.
      (d) => fs.symlinkSync('../manifest.json', path.join(uploads(d), 'elsewhere.png')),
    ],
    [
      'hard link in uploads',
      // Whichever name the packer meets second is the link.
      /holds a link, uploads\/\S+ → /,
      (d) => fs.linkSync(anUpload(d), path.join(uploads(d), 'twice.png')),
    ],
    ['an upload missing', /manifest lists \d+ uploaded files but it holds \d+/, (d) => fs.rmSync(anUpload(d))],
    [
      // The one case that gets as far as loading the database (in the staging folder).
      'a row missing',
      /manifest counts \d+ rows in banks but its database holds \d+/,
      (d) => {
        const manifest = JSON.parse(fs.readFileSync(path.join(d, 'manifest.json'), 'utf8')) as Manifest;
        manifest.rows = { ...manifest.rows, banks: (manifest.rows?.banks ?? 0) + 1 };
        fs.writeFileSync(path.join(d, 'manifest.json'), JSON.stringify(manifest));
      },
    ],
  ];
  for (const [what, said, edit] of damaged) {
    const r = program('restore', [await edited(file, edit), '--force'], { DATA_DIR: target });
    // Soft: every case is told, not only the first that fails.
    expect.soft(changed(kept, snapshot(target)), what).toEqual([]);
    expectRefused(r, said, what, expect.soft);
  }
  const db = await openDb({ pgliteDir: path.join(target, 'pglite') });
  try {
    const banks = await db.read((tx) => tx.query<{ n: number }>('select count(*)::int as n from banks'));
    expect(banks.rows[0].n).toBe(goodRestore.banks);
  } finally {
    await db.close();
  }
}, 120_000);

it('a file that is no backup is refused in a sentence, and nothing is written', () => {
  const junk = path.join(dir('backup-junk'), 'junk.backup');
  fs.writeFileSync(junk, 'not a tar at all');
  const target = dir('backup-junk-dst');
  const r = program('restore', [junk], { DATA_DIR: target });
  expect(r.code).toBe(1);
  expect(r.err).toMatch(/is not a backup of this app/);
  expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);
});

it('PostgreSQL: a pg_dump file restored into an empty database holds the same rows; a database with tables is refused', async () => {
  cluster = await startCluster();
  const source = await newDatabase(cluster, 'backup_src');
  const server = await spawnServer({ DATABASE_URL: source, SEED: '1' });
  await server.healthy(120_000);
  await server.stop();
  const file = path.join(dir('backup-pg'), 'db.dump');
  const made = program('backup', [file], { DATABASE_URL: source });
  expect(made.code, made.err).toBe(0);

  const target = await newDatabase(cluster, 'backup_dst');
  const restored = program('restore', [file], { DATABASE_URL: target });
  expect(restored.code, restored.err).toBe(0);
  const count = async (url: string) => {
    const db = await openDb({ databaseUrl: url });
    try {
      return (
        await db.read((tx) =>
          tx.query<{ banks: number; offers: number }>(
            'select (select count(*) from banks)::int as banks, (select count(*) from offers)::int as offers',
          ),
        )
      ).rows[0];
    } finally {
      await db.close();
    }
  };
  expect(await count(target)).toEqual(await count(source));
  const refused = program('restore', [file], { DATABASE_URL: target });
  expect(refused.code).toBe(1);
  expect(refused.err).toMatch(/already holds the app’s tables.*--force/);

  // Damaged files change nothing, even with --force; the whole one then replaces the tables.
  const rows = await count(target);
  const cut = path.join(dir('backup-pg-cut'), 'cut.dump');
  const whole = fs.readFileSync(file);
  fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
  const cutShort = program('restore', [cut, '--force'], { DATABASE_URL: target });
  expect(await count(target)).toEqual(rows);
  expectRefused(cutShort, /is cut short/, 'dump cut short');
  const junk = path.join(dir('backup-pg-junk'), 'junk.dump');
  fs.writeFileSync(junk, 'not a dump');
  const noDump = program('restore', [junk, '--force'], { DATABASE_URL: target });
  expect(await count(target)).toEqual(rows);
  expectRefused(noDump, /is not a pg_dump custom-format file/, 'no dump');
  const replaced = program('restore', [file, '--force'], { DATABASE_URL: target });
  expect(replaced.code, replaced.err).toBe(0);
  expect(await count(target)).toEqual(rows);
}, 300_000);
