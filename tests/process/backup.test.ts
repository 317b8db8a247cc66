// npm run backup / npm run restore (server/backup/): a seeded embedded installation backed up
// to one file and restored into an empty folder serves the same records and uploads; both
// refuse while a server holds the folder, and a restore refuses a folder with data unless
// --force. On PostgreSQL, a pg_dump file restored into an empty database holds the same rows.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { bankResource } from '../../contract/bank';
import { pathOf } from '../../contract/operation';
import { startCluster, type Cluster } from '../../scripts/postgres';
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

/** The banks' total and the first logo's URL, as the API gives them. */
async function banksOf(url: string) {
  const res = await fetch(`${url}${pathOf(bankResource.ops.list)}?per_page=1`, { headers: await signIn(url) });
  const body = (await res.json()) as { total: number; data: { logo: string | null }[] };
  return { total: body.total, logo: body.data[0]?.logo ?? null };
}

it('an embedded installation: backed up to one file, restored into an empty folder, serves the same', async () => {
  const data = dir('backup-src');
  const server = await spawnServer({ DATA_DIR: data, SEED: '1' });
  await server.healthy(120_000);
  const before = await banksOf(server.url);
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
  await copy.stop();
}, 300_000);

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
}, 300_000);
