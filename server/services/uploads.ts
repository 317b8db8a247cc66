// Uploads: size-limited by @fastify/multipart, type checked by content (magic bytes,
// never the file name), stored under DATA_DIR/uploads with server-made names.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError, badField } from '../errors';

const IMAGE_TYPES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
]);

export interface Uploads {
  dir: string;
  /** Saves an image and returns its public URL path; 422 naming `field` when it is no image. */
  saveImage(field: string, buf: Buffer): Promise<string>;
  remove(url: string | null | undefined): Promise<void>;
}

export function createUploads(dataDir: string, maxBytes = 2 * 1024 * 1024): Uploads {
  const dir = path.join(dataDir, 'uploads');
  return {
    dir,
    async saveImage(field, buf) {
      if (buf.length > maxBytes) throw new HttpError(413, 'The upload is too large.', { [field]: [`${label(field)} must be at most ${Math.round(maxBytes / 1024)} KB.`] });
      const type = await fileTypeFromBuffer(buf);
      const ext = type && IMAGE_TYPES.get(type.mime);
      if (!ext) throw badField(field, `${label(field)} must be a PNG, JPEG, WebP or GIF image.`);
      await fs.mkdir(dir, { recursive: true });
      const name = `${crypto.randomUUID()}.${ext}`;
      await fs.writeFile(path.join(dir, name), buf);
      return `/uploads/${name}`;
    },
    async remove(url) {
      const name = url?.startsWith('/uploads/') ? path.basename(url) : null;
      if (name) await fs.rm(path.join(dir, name), { force: true });
    },
  };
}

const label = (f: string) => f.charAt(0).toUpperCase() + f.slice(1).replace(/_/g, ' ');
