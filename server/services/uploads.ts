// Uploads: size-limited by @fastify/multipart, type checked by content (magic bytes,
// never the file name), dimensions read from the image's header and limited, stored with
// server-made names in DATA_DIR/uploads or an S3 bucket (server/services/fileStore.ts). Every
// check runs before anything is written.
import crypto from 'node:crypto';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { HttpError, badField } from '../errors';
import { diskStore, type FileStore } from './fileStore';

/**
 * The largest image accepted, by the dimensions its header declares: at most
 * MAX_IMAGE_SIDE pixels a side and MAX_IMAGE_PIXELS pixels in all (16 megapixels).
 *
 * An image costs its pixels, not its bytes: whoever shows it (the admin's browser, the
 * consumer app, a thumbnailer) decodes it to about 4 bytes a pixel. A 661-byte PNG can
 * declare 20000×20000 (1.6 GB decoded) and a real 1 MB PNG can decode to 1.2 GB: a
 * "pixel flood" that stalls or kills the tab or the app that renders it. Logos, icons,
 * card art and avatars need far less; 16 megapixels is at most 64 MB decoded.
 */
export const MAX_IMAGE_SIDE = 4096;
export const MAX_IMAGE_PIXELS = 16_000_000;

/** Accepted types by MIME type (file-type), with the extension of the stored file; image-size names them alike. */
const IMAGE_TYPES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
]);

export interface Uploads {
  /** DATA_DIR/uploads: the files when `store` is the disk's. */
  dir: string;
  store: FileStore;
  /**
   * Saves an image and returns its public URL path. Refused before anything is written:
   * 413 when larger than the byte limit, 422 naming `field` when it is no PNG, JPEG, WebP
   * or GIF, its header cannot be read, or it declares more pixels than MAX_IMAGE_*.
   */
  saveImage(field: string, buf: Buffer): Promise<string>;
  remove(url: string | null | undefined): Promise<void>;
}

export function createUploads(dataDir: string, maxBytes = 2 * 1024 * 1024, store?: FileStore): Uploads {
  const dir = path.join(dataDir, 'uploads');
  const files = store ?? diskStore(dir);
  return {
    dir,
    store: files,
    async saveImage(field, buf) {
      if (buf.length > maxBytes)
        throw new HttpError(413, 'The upload is too large.', {
          [field]: [`${label(field)} must be at most ${Math.round(maxBytes / 1024)} KB.`],
        });
      const type = await fileTypeFromBuffer(buf);
      const ext = type && IMAGE_TYPES.get(type.mime);
      if (!ext) throw badField(field, `${label(field)} must be a PNG, JPEG, WebP or GIF image.`);
      const size = dimensions(buf, ext);
      if (!size) throw badField(field, `${label(field)} cannot be read: its image header is damaged or incomplete.`);
      const { width, height } = size;
      if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
        throw badField(
          field,
          `${label(field)} is too large: ${width}×${height} pixels (at most ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1e6} megapixels).`,
        );
      }
      const name = `${crypto.randomUUID()}.${ext}`;
      await files.put(name, buf, type.mime);
      return `/uploads/${name}`;
    },
    async remove(url) {
      const name = url?.startsWith('/uploads/') ? path.basename(url) : null;
      if (name) await files.remove(name);
    },
  };
}

/**
 * The dimensions the image's header declares (image-size: the header only, no decoding),
 * or null when they cannot be read, are not positive, or belong to another type than the
 * magic bytes said. image-size reads through a DataView over the buffer's ArrayBuffer, and
 * a small Node Buffer shares one with others: given a copy of its own, a header cut short
 * throws instead of reading the bytes of whatever lies next to it.
 */
function dimensions(buf: Buffer, ext: string): { width: number; height: number } | null {
  try {
    const size = imageSize(new Uint8Array(buf));
    const ok = size.type === ext && [size.width, size.height].every((n) => Number.isSafeInteger(n) && n > 0);
    return ok ? { width: size.width, height: size.height } : null;
  } catch {
    return null;
  }
}

const label = (f: string) => f.charAt(0).toUpperCase() + f.slice(1).replace(/_/g, ' ');
