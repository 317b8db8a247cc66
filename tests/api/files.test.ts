// Hostile files: pixel floods, unreadable headers, SVG and HTML dressed as images,
// polyglots, oversize uploads, and client file names that try to leave DATA_DIR/uploads.
// Whatever is refused leaves nothing on disk; what is accepted is stored under a server-made
// UUID name and served so that no browser runs it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngChunk as chunk, solidPng } from '../../server/db/seed/logo';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, createUploads } from '../../server/services/uploads';
import { multipart, startTestServer, type TestServer } from '../helpers/app';

// ---- hostile images, made here so no binary is checked in ----

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** IHDR of an 8-bit image: colour type 0 (grey) or 2 (RGB). */
function ihdr(width: number, height: number, colour: 0 | 2) {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(width, 0);
  d.writeUInt32BE(height, 4);
  d.set([8, colour, 0, 0, 0], 8);
  return chunk('IHDR', d);
}
const png = (header: Buffer, idat: Buffer) =>
  Buffer.concat([PNG_SIGNATURE, header, chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);

/** The "lottapixel" flood: a PNG of a few hundred bytes whose header declares 20000×20000. */
const floodHeader = png(ihdr(20000, 20000, 2), zlib.deflateSync(Buffer.alloc(10 * (1 + 20000 * 3)), { level: 9 }));

/** A complete, valid black PNG of width×height RGB (or grey), every row deflated: a real image. */
async function realPng(width: number, height: number, colour: 0 | 2 = 2): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9, chunkSize: 1 << 16 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const row = Buffer.alloc(1 + width * (colour === 2 ? 3 : 1));
  for (let y = 0; y < height; y++) deflate.write(row);
  deflate.end();
  await done;
  return png(ihdr(width, height, colour), Buffer.concat(out));
}

/** The smallest GIF: 1×1, one black pixel. */
const GIF_1x1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
const HTML = '<html><body><script>alert(1)</script><img src=x onerror=alert(1)></body></html>';

let s: TestServer;
let realFlood: Buffer; // 20000×15000 RGB, about 0.9 MB, 1.2 GB once decoded to RGBA
let appUser: { authorization: string };
let bankId: number;
let networkId: number;

beforeAll(async () => {
  s = await startTestServer();
  realFlood = await realPng(20000, 15000);
  const bank = await s.call({
    method: 'POST',
    url: '/admin/v1/add_bank',
    headers: s.adminAuth,
    payload: { name: 'Files Test Bank', code: 'FTB' },
  });
  bankId = bank.json().data.id;
  const network = await s.call({
    method: 'POST',
    url: '/admin/v1/add_network',
    headers: s.adminAuth,
    payload: { type: 'Files Test Network' },
  });
  networkId = network.json().data.id;
  // Any signed-in app user may call update_profile: no admin needed for an avatar.
  const user = { name: 'App User', email: 'app-user@files.example', password: 'app-user-password', role: 'user' };
  expect(
    (await s.call({ method: 'POST', url: '/admin/v1/add_user', headers: s.adminAuth, payload: user })).statusCode,
  ).toBe(200);
  const login = await s.call({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email: user.email, password: user.password },
  });
  appUser = { authorization: `Bearer ${login.json().data.token}` };
}, 60_000);
afterAll(() => s.close());

// ---- helpers ----

const uploadsDir = () => path.join(s.dataDir, 'uploads');
/** Every file under DATA_DIR, relative to it. */
const tree = (): string[] =>
  (fs.readdirSync(s.dataDir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(s.dataDir, path.join(d.parentPath, d.name)))
    .sort();

type File = { filename: string; type: string; data: Buffer };
const file = (data: Buffer, filename = 'image.png', type = 'image/png'): File => ({ filename, type, data });
let seq = 0;
const unique = () => `${++seq}${crypto.randomBytes(2).toString('hex')}`;

/** One call per image field the API has; `fields` come with the text fields the call needs. */
const IMAGE_CALLS = {
  'bank logo': () => ({
    url: '/admin/v1/add_bank',
    field: 'logo',
    label: 'Logo',
    fields: { name: `Bank ${unique()}`, code: `B${unique()}` },
  }),
  'category icon': () => ({
    url: '/admin/v1/add_categories',
    field: 'icon',
    label: 'Icon',
    fields: { name: `Category ${unique()}` },
  }),
  'outlet image': () => ({
    url: '/admin/v1/add_outlet',
    field: 'image',
    label: 'Image',
    fields: { merchant_name: `Merchant ${unique()}` },
  }),
  'card image': () => ({
    url: '/admin/v1/add_card',
    field: 'image',
    label: 'Image',
    fields: { name: `Card ${unique()}`, bank_id: String(bankId), network_id: String(networkId) },
  }),
  'offer image': () => ({
    url: '/admin/v1/add_offer',
    field: 'image',
    label: 'Image',
    fields: { title: `Offer ${unique()}`, discount: '10%', valid_from: '2030-01-01', valid_to: '2030-12-31' },
  }),
  'user avatar': () => ({
    url: '/admin/v1/add_user',
    field: 'avatar',
    label: 'Avatar',
    fields: { name: `User ${unique()}`, email: `u${unique()}@files.example` },
  }),
  'profile avatar (app user)': () => ({
    url: '/api/v1/update_profile',
    field: 'avatar',
    label: 'Avatar',
    fields: {},
    auth: true,
  }),
} as const;
type CallName = keyof typeof IMAGE_CALLS;

async function upload(call: CallName, f: File) {
  const c: { url: string; field: string; label: string; fields: Record<string, string>; auth?: boolean } =
    IMAGE_CALLS[call]();
  const form = multipart({ ...c.fields, [c.field]: f });
  const res = await s.call({
    method: 'POST',
    url: c.url,
    headers: { ...(c.auth ? appUser : s.adminAuth), ...form.headers },
    payload: form.payload,
  });
  return { res, field: c.field, label: c.label };
}

/** Sends `f` and expects it refused with `status`, naming the field in `text` (a function of the field's label); nothing stays on disk. */
async function expectRefused(call: CallName, f: File, status: number, text?: (label: string) => string) {
  const before = tree();
  const { res, field, label } = await upload(call, f);
  expect(res.statusCode, `${call}: ${res.body}`).toBe(status);
  if (text) {
    expect(res.json().message).toBe(text(label));
    expect(res.json().errors[field]).toEqual([text(label)]);
  }
  expect(tree()).toEqual(before);
  return res;
}

/** What is under DATA_DIR now and was not in `before`. */
const added = (before: string[], now = tree()) => now.filter((f) => !before.includes(f));

/** Sends `f` and expects it stored as /uploads/<uuid>.<ext>, the one new file under DATA_DIR. */
async function expectStored(call: CallName, f: File, ext: string) {
  const before = tree();
  const { res, field } = await upload(call, f);
  expect(res.statusCode, `${call}: ${res.body}`).toBe(200);
  const url: string = res.json().data[field];
  expect(url).toMatch(
    new RegExp(`^/uploads/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\\.${ext}$`),
  );
  expect(added(before)).toEqual([path.join('uploads', path.basename(url))]);
  expect(fs.readFileSync(path.join(uploadsDir(), path.basename(url)))).toEqual(f.data);
  return url;
}

const tooLarge = (w: number, h: number) => (label: string) =>
  `${label} is too large: ${w}×${h} pixels (at most ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1e6} megapixels).`;
const unreadable = (label: string) => `${label} cannot be read: its image header is damaged or incomplete.`;
const notAnImage = (label: string) => `${label} must be a PNG, JPEG, WebP or GIF image.`;

// ---- pixel floods ----

describe('pixel floods: images that declare more pixels than the limit are refused by their header', () => {
  it('the limit is 4096 px a side and 16 megapixels', () => {
    expect([MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS]).toEqual([4096, 16_000_000]);
    expect(floodHeader.length).toBeLessThan(1000);
  });

  for (const call of Object.keys(IMAGE_CALLS) as CallName[]) {
    it(`a ${floodHeader.length}-byte PNG declaring 20000×20000 is refused as ${call}`, async () => {
      await expectRefused(call, file(floodHeader), 422, tooLarge(20000, 20000));
    });
  }

  it('a real, complete ~0.9 MB PNG that decodes to 1.2 GB (20000×15000) is refused as a bank logo and as an app user’s avatar', async () => {
    expect(realFlood.length).toBeGreaterThan(800_000);
    expect(realFlood.length).toBeLessThan(1_000_000);
    await expectRefused('bank logo', file(realFlood, 'logo.png'), 422, tooLarge(20000, 15000));
    await expectRefused('profile avatar (app user)', file(realFlood, 'me.png'), 422, tooLarge(20000, 15000));
    const me = await s.call({ method: 'POST', url: '/api/v1/update_profile', headers: appUser, payload: {} });
    expect(me.json().data.avatar).toBeNull();
  });

  it('the limits hold at their edges: 4096×3906 (15.99 MP) is stored; 4097×1 and 4096×3907 (16.003 MP) are not', async () => {
    await expectStored('bank logo', file(await realPng(4096, 3906, 0)), 'png');
    await expectRefused('bank logo', file(await realPng(4097, 1, 0)), 422, tooLarge(4097, 1));
    await expectRefused('bank logo', file(await realPng(1, 4097, 0)), 422, tooLarge(1, 4097));
    await expectRefused('bank logo', file(await realPng(4096, 3907, 0)), 422, tooLarge(4096, 3907));
  });

  it('a GIF, JPEG or WebP header declaring too many pixels is refused too', async () => {
    const gif = Buffer.from(GIF_1x1);
    gif.writeUInt16LE(30000, 6);
    gif.writeUInt16LE(30000, 8);
    await expectRefused('bank logo', file(gif, 'a.gif', 'image/gif'), 422, tooLarge(30000, 30000));
    // JPEG: SOI, a JFIF APP0, a baseline SOF0 (8 bits, 60000×60000, 1 component), EOI.
    const jfif = [
      0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    ];
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      ...jfif,
      0xff,
      0xc0,
      0x00,
      0x0b,
      0x08,
      0xea,
      0x60,
      0xea,
      0x60,
      0x01,
      0x01,
      0x11,
      0x00,
      0xff,
      0xd9,
    ]);
    await expectRefused('user avatar', file(jpeg, 'a.jpg', 'image/jpeg'), 422, tooLarge(60000, 60000));
    // WebP (VP8X, extended): canvas width-1 and height-1 as 24-bit little-endian numbers.
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.writeUInt32LE(22, 4);
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUInt32LE(10, 16);
    webp.writeUIntLE(16383 - 1, 24, 3);
    webp.writeUIntLE(16383 - 1, 27, 3);
    await expectRefused('profile avatar (app user)', file(webp, 'a.webp', 'image/webp'), 422, tooLarge(16383, 16383));
  });
});

describe('headers that cannot be read are refused', () => {
  const cases: [string, Buffer][] = [
    [
      'a PNG whose IHDR is cut short',
      Buffer.concat([PNG_SIGNATURE, Buffer.from([0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0])]),
    ],
    ['a PNG declaring 0×0', png(ihdr(0, 0, 2), zlib.deflateSync(Buffer.alloc(0)))],
    [
      'a JPEG with no frame header',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ],
    ['a GIF declaring 0×0', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(7), Buffer.from(';')])],
    ['a WebP cut off after its chunk name', Buffer.from('RIFF\x20\x00\x00\x00WEBPVP8 ', 'latin1')],
  ];
  for (const [name, data] of cases) {
    it(`${name} (${data.length} bytes) is refused as a bank logo`, async () => {
      await expectRefused('bank logo', file(data), 422, unreadable);
    });
  }

  it('a short header never reads the memory next to it: the same bytes always get the same answer', async () => {
    // Small Node Buffers share one pooled ArrayBuffer; a reader going past the end of a cut
    // header would report whatever bytes follow it, as "dimensions", differently each time.
    const cut = Buffer.from('RIFF\x20\x00\x00\x00WEBPVP8 ', 'latin1');
    const uploads = createUploads(fs.mkdtempSync(path.join(os.tmpdir(), 'files-test-')));
    for (let i = 0; i < 20; i++) {
      const pooled = Buffer.from(cut); // a fresh slice of the pool, next to other bytes each time
      Buffer.from(crypto.randomBytes(64)); // put something beside it
      await expect(uploads.saveImage('logo', pooled)).rejects.toMatchObject({
        statusCode: 422,
        message: unreadable('Logo'),
      });
    }
  });
});

describe('files that are no PNG, JPEG, WebP or GIF are refused by their content, whatever their name', () => {
  it('an SVG with a script, as .svg and as .png', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.domain)</script><rect width="10" height="10"/></svg>',
    );
    await expectRefused('bank logo', file(svg, 'logo.svg', 'image/svg+xml'), 422, notAnImage);
    await expectRefused('profile avatar (app user)', file(svg, 'avatar.png', 'image/png'), 422, notAnImage);
    await expectRefused(
      'category icon',
      file(
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
        'icon.gif',
        'image/gif',
      ),
      422,
      notAnImage,
    );
  });

  it('an HTML page named .png and sent as image/png', async () => {
    await expectRefused('bank logo', file(Buffer.from(HTML), 'logo.png', 'image/png'), 422, notAnImage);
    await expectRefused(
      'user avatar',
      file(Buffer.from(`<!DOCTYPE html>${HTML}`), 'a.jpg', 'image/jpeg'),
      422,
      notAnImage,
    );
  });

  it('the classic JS-GIF polyglot ("GIF89a/*…*/=alert(1)") is refused: its header declares 10799 px', async () => {
    const polyglot = Buffer.from('GIF89a/*\x01\x00\x00\x00\x00*/=alert(1)//;<script>alert(1)</script>', 'latin1');
    await expectRefused('bank logo', file(polyglot, 'x.gif', 'image/gif'), 422, tooLarge(10799, 1));
  });
});

describe('polyglots that are real images are stored under a server-made name and served inert', () => {
  async function expectServedInert(url: string, data: Buffer, type: string) {
    const res = await s.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toMatch(/^default-src 'none'(;|$)/);
    expect(res.rawPayload).toEqual(data);
  }

  it('a 1×1 GIF followed by HTML and script, sent as page.html (text/html)', async () => {
    const polyglot = Buffer.concat([GIF_1x1, Buffer.from(HTML)]);
    const url = await expectStored('bank logo', file(polyglot, 'page.html', 'text/html'), 'gif');
    await expectServedInert(url, polyglot, 'image/gif');
  });

  it('a PNG with an HTML page after its IEND, sent as avatar.svg (image/svg+xml)', async () => {
    const polyglot = Buffer.concat([solidPng(4, [0, 0, 0]), Buffer.from(HTML)]);
    const url = await expectStored('profile avatar (app user)', file(polyglot, 'avatar.svg', 'image/svg+xml'), 'png');
    await expectServedInert(url, polyglot, 'image/png');
  });
});

describe('oversize files are refused by the upload size limit', () => {
  it('one byte over UPLOAD_MAX_BYTES (2 MB) is a 413 naming the field', async () => {
    const big = Buffer.concat([
      solidPng(4, [1, 2, 3]),
      Buffer.alloc(2 * 1024 * 1024 + 1 - solidPng(4, [1, 2, 3]).length),
    ]);
    expect(big.length).toBe(2 * 1024 * 1024 + 1);
    const res = await expectRefused('bank logo', file(big), 413);
    expect(res.json().errors.logo).toEqual(['Logo must be at most 2048 KB.']);
    await expectRefused('profile avatar (app user)', file(big), 413);
  });

  it('a file over the multipart limit (10 MB) is a 413 before any handler runs', async () => {
    const huge = Buffer.concat([solidPng(4, [1, 2, 3]), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await expectRefused('bank logo', file(huge), 413);
    expect(res.json().message).toBe('The upload is too large.');
  });
});

describe('client file names are ignored: the server names every file itself', () => {
  const names = () => {
    const tag = crypto.randomBytes(4).toString('hex');
    return [
      `../../../../evil-${tag}.png`,
      `../uploads/../evil-${tag}.png`,
      `/tmp/evil-${tag}.png`,
      `${os.tmpdir()}/evil-abs-${tag}.png`,
      `..\\..\\evil-${tag}.png`,
      `C:\\Windows\\evil-${tag}.png`,
      `%2e%2e%2fevil-${tag}.png`,
      `.htaccess`,
    ];
  };
  for (const call of ['bank logo', 'profile avatar (app user)'] as const) {
    it(`../ and absolute file names as ${call} land in DATA_DIR/uploads as <uuid>.png, and nowhere else`, async () => {
      for (const name of names()) {
        // expectStored: the only new file under DATA_DIR is uploads/<uuid>.png.
        await expectStored(call, file(solidPng(4, [9, 9, 9]), name), 'png');
        const plain = path.basename(name.replace(/\\/g, '/'));
        for (const where of [
          path.resolve(uploadsDir(), name),
          path.resolve(s.dataDir, plain),
          path.resolve(s.dataDir, '..', plain),
          path.join(os.tmpdir(), plain),
          path.join('/tmp', plain),
        ]) {
          if (plain !== '.htaccess') expect(fs.existsSync(where), where).toBe(false);
        }
      }
      expect(fs.existsSync(path.join(uploadsDir(), '.htaccess'))).toBe(false);
    });
  }
});

describe('saveImage refuses before it writes', () => {
  it('no refusal creates the uploads folder, let alone a file in it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-test-'));
    const uploads = createUploads(dataDir, 2 * 1024 * 1024);
    const hostile = [
      floodHeader,
      realFlood,
      Buffer.from(HTML),
      Buffer.from('<svg onload=alert(1)>'),
      Buffer.from('GIF89a/*\x01\x00\x00\x00\x00*/=alert(1)', 'latin1'),
      Buffer.alloc(2 * 1024 * 1024 + 1),
    ];
    for (const data of hostile)
      await expect(uploads.saveImage('logo', data)).rejects.toMatchObject({ statusCode: expect.any(Number) });
    expect(fs.readdirSync(dataDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
