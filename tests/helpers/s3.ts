// An S3-protocol server for the tests of the object-storage path (s3rver from npm: files in a
// temp folder, AWS's signature checked), on a free port with one bucket. Its keys are s3rver's
// own: S3RVER / S3RVER.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/services/fileStore';

export const S3_KEYS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } as const;

export interface TestS3 {
  settings: S3Settings;
  /** The environment a server process needs to use it (server/config.ts's S3_* and the keys). */
  env: Record<string, string>;
  /** The folder s3rver keeps the bucket in: what the tests look at to see objects come and go. */
  objects(): string[];
  close(): Promise<void>;
}

export async function startS3(bucket = 'cards-admin-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  Object.assign(process.env, S3_KEYS); // the SDK reads them (an in-process app's client)
  const settings: S3Settings = { bucket, endpoint, region: 'us-east-1', forcePathStyle: true };
  return {
    settings,
    env: { ...S3_KEYS, S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: '1' },
    objects: () => {
      const dir = path.join(directory, bucket, 'uploads');
      // s3rver keeps an object as <key>._S3rver_object beside its metadata.
      const suffix = '._S3rver_object';
      return fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((f) => f.endsWith(suffix))
            .map((f) => f.slice(0, -suffix.length))
        : [];
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
