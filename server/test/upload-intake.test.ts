/**
 * Every route that takes a file (avatar, post images, join-group screenshot, feedback attachment) takes
 * pictures through the one intake of features/files: what an attacker sends instead of a picture is
 * refused with 4xx and the same message on every route, leaving no row, no stored bytes and no spool
 * file; a picture carrying more than pixels is kept as its pixels only. Measured before this change:
 * the avatar and feedback routes stored 5 of the hostile files each (and every route a picture named
 * ../../x.png).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { MANY_MEMBERS, multipartForm, signedInMember, startApp, testDatabases, type TestContext, type TestMember } from './helpers';

jest.setTimeout(300_000);

const ELEVEN_WORDS = 'My withdrawal from yesterday has not arrived yet, please check it.';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit grey PNG of width x height whose pixels are all zero: tiny compressed, huge decoded. */
function bombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A GIF whose logical screen and only image declare 65535 x 65535 pixels, in 29 bytes. */
const HUGE_GIF = Buffer.concat([
  Buffer.from('GIF89a'),
  Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]),
  Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x00, 0x02, 0x02, 0x4c, 0x01, 0x00, 0x3b]),
]);

const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

interface Hostile {
  name: string;
  filename: string;
  type: string;
  bytes: (limit: number) => Promise<Buffer> | Buffer;
}

const picture = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();

/** What an attacker sends instead of a picture: each must be refused on every upload route, leaving nothing behind. */
const HOSTILE: Hostile[] = [
  { name: 'a PNG cut to 30 bytes', filename: 'cut.png', type: 'image/png', bytes: async () => (await picture()).subarray(0, 30) },
  { name: 'a PNG header followed by garbage', filename: 'noise.png', type: 'image/png', bytes: () => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(400, 0x5a)]) },
  { name: 'a PNG/HTML polyglot', filename: 'page.png', type: 'image/png', bytes: () => Buffer.concat([PNG_SIGNATURE, Buffer.from(HTML)]) },
  { name: 'a 20000 x 20000 PNG of 48 KB (decompression bomb)', filename: 'bomb.png', type: 'image/png', bytes: () => bombPng(20_000, 20_000) },
  { name: 'a 29-byte GIF declaring 65535 x 65535', filename: 'huge.gif', type: 'image/gif', bytes: () => HUGE_GIF },
  {
    name: 'an SVG with script',
    filename: 'logo.svg',
    type: 'image/svg+xml',
    bytes: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>'),
  },
  { name: 'an HTML page named .png', filename: 'page.png', type: 'image/png', bytes: () => Buffer.from(HTML) },
  { name: 'a PDF named .png', filename: 'doc.png', type: 'image/png', bytes: () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') },
  { name: 'a picture named ../../x.png (path traversal)', filename: '../../x.png', type: 'image/png', bytes: () => picture() },
  { name: 'a picture over the size limit', filename: 'big.png', type: 'image/png', bytes: async (limit) => Buffer.concat([await picture(), Buffer.alloc(limit + 1024)]) },
];

interface UploadRoute {
  name: string;
  url: string;
  field: string;
  fields: Record<string, string>;
  limit: number;
}

/** Every route that takes a file (grep isMultipart|request.file|request.parts in server/src). */
const ROUTES: UploadRoute[] = [
  { name: 'avatar', url: '/api/user/user/modify-head', field: 'avatar', fields: {}, limit: 2 * 1024 * 1024 },
  { name: 'post image', url: '/api/comment/square/add', field: 'images', fields: { content: '<p>My rig</p>' }, limit: 2 * 1024 * 1024 },
  { name: 'join-group screenshot', url: '/api/user/joinGroup/upload', field: 'image', fields: {}, limit: 2 * 1024 * 1024 },
  { name: 'feedback attachment', url: '/api/push/feedback/create', field: 'file', fields: { content: ELEVEN_WORDS }, limit: 20 * 1024 * 1024 },
];


/** A picture that is an image all right, but carries more than pixels: what is stored must be only the pixels. */
interface Laden {
  name: string;
  bytes: () => Promise<Buffer>;
  /** What the stored file must (not) be. */
  check: (stored: Buffer) => Promise<void>;
}

const WITH_HTML_TAIL = async () => Buffer.concat([await picture(), Buffer.from(HTML)]);
const WITH_SCRIPT_CHUNK = async () => {
  const png = await picture();
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), pngChunk('tEXt', Buffer.from(`Comment\0${HTML}`)), png.subarray(iend)]);
};
const WITH_EXIF = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc6633' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'member-secret-name', ImageDescription: 'home at 12.97N 77.59E' } })
    .toBuffer();
/** Three 24 x 24 frames: green, red, blue. */
const ANIMATED_GIF = async () => {
  const frame = (colour: string) => sharp({ create: { width: 24, height: 24, channels: 3, background: colour } }).png().toBuffer();
  return sharp([await frame('#22aa44'), await frame('#dd2222'), await frame('#2222dd')], { join: { animated: true } })
    .gif({ loop: 0, delay: [100, 100, 100] })
    .toBuffer();
};

const LADEN: Laden[] = [
  {
    name: 'a whole PNG with an HTML page after its end',
    bytes: WITH_HTML_TAIL,
    check: async (stored) => {
      expect(stored.includes('<script')).toBe(false);
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
    },
  },
  {
    name: 'a whole PNG with a script in a text chunk',
    bytes: WITH_SCRIPT_CHUNK,
    check: async (stored) => {
      expect(stored.includes('<script')).toBe(false);
      expect(stored.includes('tEXt')).toBe(false);
    },
  },
  {
    name: 'a JPEG with the author and a place in its EXIF',
    bytes: WITH_EXIF,
    check: async (stored) => {
      expect(stored.includes('member-secret-name')).toBe(false);
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
      expect(meta.exif).toBeUndefined();
    },
  },
  {
    name: 'an animated GIF (its first frame is kept, as a PNG)',
    bytes: ANIMATED_GIF,
    check: async (stored) => {
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 24, height: 24 });
      expect(meta.pages ?? 1).toBe(1);
      const [red, green, blue] = (await sharp(stored).stats()).channels.map((c) => Math.round(c.mean));
      expect({ red, green, blue }).toEqual({ red: 0x22, green: 0xaa, blue: 0x44 });
    },
  },
];

describe.each(testDatabases())('the one image intake on %s', (dbName, database) => {
  let ctx: TestContext;
  let storageDir: string;
  let spoolRoot: string;
  const savedTmp = process.env.TMPDIR;
  const stored: Record<string, number> = {};
  /** The reply to each hostile file on each route: the same file must get the same answer everywhere. */
  const answers = new Map<string, Map<string, string>>();

  beforeAll(async () => {
    // The uploads' spool folder (os.tmpdir()/rigshare-uploads) of this run alone, to see that none is left.
    spoolRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-intake-'));
    process.env.TMPDIR = spoolRoot;
    ctx = await startApp(database, { ...MANY_MEMBERS, community: { postsPerHour: 1000, commentsPerHour: 1000 } });
    storageDir = (ctx.config.storage as { dir: string }).dir;
  });
  afterAll(async () => {
    process.stdout.write(`hostile uploads stored on ${dbName}: ${JSON.stringify(stored)}\n`);
    await ctx.close();
    process.env.TMPDIR = savedTmp;
    fs.rmSync(spoolRoot, { recursive: true, force: true });
  });

  const count = async (table: 'files' | 'feedback' | 'posts' | 'reward_submissions') =>
    Number((await ctx.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const storedObjects = () => (fs.existsSync(storageDir) ? fs.readdirSync(storageDir).length : 0);
  const snapshot = async () => ({
    files: await count('files'),
    feedback: await count('feedback'),
    posts: await count('posts'),
    submissions: await count('reward_submissions'),
    objects: storedObjects(),
  });
  const upload = (route: UploadRoute, m: TestMember, file: { filename: string; type: string; bytes: Buffer }) => {
    const body = multipartForm(route.fields, { field: route.field, ...file });
    return ctx.app.inject({ method: 'POST', url: route.url, payload: body.payload, headers: { ...body.headers, 'x-access-token': m.token } });
  };

  describe.each(ROUTES.map((r) => [r.name, r] as const))('%s', (routeName, route) => {
    it.each(HOSTILE.map((h) => [h.name, h] as const))('refuses %s with 4xx and keeps nothing', async (caseName, hostile) => {
      // A member of their own: one accepted screenshot would block the next as "waiting for review".
      const m = await signedInMember(ctx);
      const before = await snapshot();
      const res = await upload(route, m, { filename: hostile.filename, type: hostile.type, bytes: await hostile.bytes(route.limit) });
      const after = await snapshot();
      if (after.objects > before.objects || after.files > before.files) stored[routeName] = (stored[routeName] ?? 0) + 1;
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().code).toBe(res.statusCode);
      expect(after).toEqual(before);
      expect(fs.existsSync(path.resolve(storageDir, hostile.filename))).toBe(false);
      if (!answers.has(caseName)) answers.set(caseName, new Map());
      answers.get(caseName)!.set(routeName, `${res.statusCode} ${res.json().msg}`);
    });

    it.each(LADEN.map((l) => [l.name, l] as const))('takes %s but stores only the pixels, encoded again', async (_caseName, laden) => {
      const m = await signedInMember(ctx);
      const res = await upload(route, m, { filename: 'picture.png', type: 'image/png', bytes: await laden.bytes() });
      expect(res.json()).toMatchObject({ code: 200 });
      const file = await ctx.db.kysely.selectFrom('files').select(['id', 'mime']).where('owner_id', '=', m.id).executeTakeFirstOrThrow();
      const bytes = fs.readFileSync(path.join(storageDir, file.id));
      await laden.check(bytes);
      expect(file.mime).toBe(`image/${(await sharp(bytes).metadata()).format}`);
    });

    it('refuses a body that is not multipart with 415', async () => {
      const m = await signedInMember(ctx);
      const res = await ctx.app.inject({ method: 'POST', url: route.url, payload: { content: ELEVEN_WORDS }, headers: { 'x-access-token': m.token } });
      expect(res.json()).toMatchObject({ code: 415, msg: 'Unsupported content type' });
    });
  });

  it('answers each hostile file with the same status and message on every route (the size limit names its own)', () => {
    for (const hostile of HOSTILE) {
      const byRoute = Object.fromEntries(answers.get(hostile.name)!);
      const expected =
        hostile.filename.includes('/') ? '400 Invalid request'
        : hostile.name.includes('size limit') ? null
        : hostile.type === 'image/svg+xml' || hostile.name.startsWith('an HTML') || hostile.name.startsWith('a PDF') ? '415 Only PNG, JPEG, WebP and GIF images are allowed'
        : '415 This file is not a readable image';
      if (expected) expect(byRoute).toEqual(Object.fromEntries(ROUTES.map((r) => [r.name, expected])));
      else
        expect(byRoute).toEqual({
          avatar: '413 The image is too large, the limit is 2 MB',
          'post image': '413 The image is too large, the limit is 2 MB',
          'join-group screenshot': '413 The image is too large, the limit is 2 MB',
          'feedback attachment': '413 The attachment is too large, the limit is 20 MB',
        });
    }
  });

  it('leaves no spooled upload behind', () => {
    const spool = path.join(spoolRoot, 'rigshare-uploads');
    expect(fs.existsSync(spool) ? fs.readdirSync(spool) : []).toEqual([]);
  });
});
