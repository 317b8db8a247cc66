// npm run uploads:to-s3 (server/backup/uploadsToS3.ts): DATA_DIR/uploads copied into the
// bucket, those already there skipped on a second run, the folder left as it was; without
// S3_BUCKET a sentence and exit code 1.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { solidPng } from '../../server/db/seed/logo';
import { startS3, type TestS3 } from '../helpers/s3';
import { tempDir } from './server';

let s3: TestS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3();
  dataDir = tempDir('to-s3');
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The program, run asynchronously: the S3 server it talks to is in this test's own process. */
const run = (env: Record<string, string>) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      process.execPath,
      ['scripts/start.mjs', 'uploadsToS3'],
      { env: { ...process.env, DATA_DIR: dataDir, ...env }, encoding: 'utf8' },
      (err, stdout, stderr) => resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    ),
  );

it('copies the folder into the bucket, then skips what is there', async () => {
  const names = ['0f8fad5b-d9cb-469f-a165-70867728950e.png', '7c9e6679-7425-40de-944b-e07fc1f90ae7.png'];
  fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  for (const [i, n] of names.entries()) fs.writeFileSync(path.join(dataDir, 'uploads', n), solidPng(8, [i, 0, 0]));

  const first = await run(s3.env);
  expect(first.status, first.stderr).toBe(0);
  expect(first.stdout).toMatch(/Copied 2 of 2 files .* \(0 were there already\)/);
  expect(s3.objects().sort()).toEqual([...names].sort());
  expect(fs.readdirSync(path.join(dataDir, 'uploads')).sort()).toEqual([...names].sort());

  const again = await run(s3.env);
  expect(again.status, again.stderr).toBe(0);
  expect(again.stdout).toMatch(/Copied 0 of 2 files .* \(2 were there already\)/);
});

it('says what is missing without S3_BUCKET', async () => {
  const r = await run({ S3_BUCKET: '' });
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(/S3_BUCKET is not set/);
});
