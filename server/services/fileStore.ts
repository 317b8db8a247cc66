// Where uploaded files' bytes live: a folder (DATA_DIR/uploads, one server) or an S3-compatible
// bucket (S3_BUCKET: any number of servers share it). server/services/uploads.ts checks an
// upload and names it, then hands it here; server/app.ts serves /uploads/<name> from here.
// Names are the server's own (a UUID and the type's extension), never a client's.
import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file as the server sends it. */
interface StoredFile {
  body: Readable;
  type: string;
  length: number | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

export interface FileStore {
  kind: 'disk' | 's3';
  /** Where the files are, in words for the log: a folder, or 's3://bucket/uploads/'. */
  where: string;
  put(name: string, data: Buffer, type: string): Promise<void>;
  /** Removes the file; one already gone is no error. */
  remove(name: string): Promise<void>;
  /** The file, or null when there is none of that name. */
  get(name: string): Promise<StoredFile | null>;
  has(name: string): Promise<boolean>;
  /** Every stored file and when it was written: what the storage clean-up goes through (./storageCleanup.ts). */
  list(): Promise<ListedFile[]>;
}

interface ListedFile {
  name: string;
  modified: Date;
}

/** The S3 settings of the environment (server/config.ts); credentials are the SDK's own (AWS_ACCESS_KEY_ID, …). */
export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
}

/** Files stay this long in a browser's or proxy's cache: a name is never given to other bytes. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** A name uploads.ts makes: a UUID and an image type's extension. Anything else is no upload. */
export const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif)$/;

/** The type a stored name's extension says (names are the server's: uploads.ts). */
export const typeOfName = (name: string) => TYPES[path.extname(name).slice(1)] ?? 'application/octet-stream';

/** A folder of files (the default): each server its own DATA_DIR/uploads. */
export function diskStore(dir: string): FileStore {
  const at = (name: string) => path.join(dir, path.basename(name));
  return {
    kind: 'disk',
    where: dir,
    async put(name, data) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(at(name), data);
    },
    remove: (name) => fs.rm(at(name), { force: true }),
    async get(name) {
      const stat = await fs.stat(at(name)).catch(() => null);
      if (!stat?.isFile()) return null;
      return {
        body: createReadStream(at(name)),
        type: typeOfName(name),
        length: stat.size,
        etag: `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
        lastModified: stat.mtime,
      };
    },
    has: (name) =>
      fs.stat(at(name)).then(
        (s) => s.isFile(),
        () => false,
      ),
    async list() {
      const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      });
      const listed: ListedFile[] = [];
      for (const name of names) {
        // Gone since the readdir (removed by a failed call): nothing to list.
        const stat = await fs.stat(at(name)).catch(() => null);
        if (stat?.isFile()) listed.push({ name, modified: stat.mtime });
      }
      return listed;
    },
  };
}

/** An S3-compatible bucket (AWS, MinIO, R2, …), files under `uploads/`. */
export async function s3Store(settings: S3Settings): Promise<FileStore> {
  const { S3Client, PutObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
  });
  const Bucket = settings.bucket;
  const PREFIX = 'uploads/';
  const keyOf = (name: string) => `${PREFIX}${path.basename(name)}`;
  const missing = (err: unknown) => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
  };
  return {
    kind: 's3',
    where: `s3://${Bucket}/${PREFIX}`,
    async put(name, data, type) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(name),
          Body: data,
          ContentType: type,
          CacheControl: UPLOAD_CACHE_CONTROL,
        }),
      );
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
    async get(name) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name) }));
        return {
          body: out.Body as Readable,
          type: out.ContentType ?? typeOfName(name),
          length: out.ContentLength,
          etag: out.ETag,
          lastModified: out.LastModified,
        };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async has(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(name) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async list() {
      const listed: ListedFile[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: PREFIX, ContinuationToken: token }));
        for (const o of page.Contents ?? [])
          if (o.Key && o.LastModified) listed.push({ name: o.Key.slice(PREFIX.length), modified: o.LastModified });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return listed;
    },
  };
}
