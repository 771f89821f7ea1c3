import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { loadConfig } from '../src/config';
import { multipartBody, signedInMember, startApp, testDatabases, type TestContext, type TestMember } from './helpers';

jest.setTimeout(120_000);

/** A multipart community post: its content and image parts named "images". */
function postForm(content: string, images: Buffer[]) {
  const boundary = '----rigshareStorage' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${content}\r\n`)];
  images.forEach((bytes, i) => {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from('\r\n'));
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const BUCKET = 'rigshare-uploads';
const fileId = (url: string) => new URL(url).pathname.split('/').pop()!;
/** The URL as the app requests it: the path and, for a private file, its signed query. */
const requestPath = (url: string) => new URL(url).pathname + new URL(url).search;

/** Uploads an avatar and a post with an image through the API; returns the files' URLs and what was uploaded. */
async function uploadBoth(ctx: TestContext, member: TestMember) {
  const avatar = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#cc3366' } }).png().toBuffer();
  const body = multipartBody('avatar', 'me.png', 'image/png', avatar);
  const up = await ctx.app.inject({ method: 'POST', url: '/api/user/user/modify-head', payload: body.payload, headers: { ...body.headers, 'x-access-token': member.token } });
  expect(up.json()).toMatchObject({ code: 200 });
  const picture = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
  const form = postForm('<p>Rig photo</p>', [picture]);
  const sent = await ctx.app.inject({ method: 'POST', url: '/api/comment/square/add', payload: form.payload, headers: { ...form.headers, 'x-access-token': member.token } });
  expect(sent.json()).toMatchObject({ code: 200 });
  return [
    { url: up.json().data.headUrl as string, bytes: avatar, mime: 'image/png' },
    { url: (sent.json().data.urls as string[])[0], bytes: picture, mime: 'image/jpeg' },
  ];
}

/** What the storage holds is the uploaded picture encoded again: same format and size, not the same bytes. */
async function expectSamePicture(stored: Buffer, uploaded: Buffer) {
  const [a, b] = [await sharp(stored).metadata(), await sharp(uploaded).metadata()];
  expect({ format: a.format, width: a.width, height: a.height }).toEqual({ format: b.format, width: b.width, height: b.height });
}

/** GET /files/:id answers the stored bytes with the right content type and nosniff. */
async function expectServed(ctx: TestContext, file: { url: string; mime: string }, stored: Buffer) {
  const res = await ctx.app.inject({ method: 'GET', url: requestPath(file.url) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(file.mime);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.rawPayload.equals(stored)).toBe(true);
}

describe.each(testDatabases())('uploaded files on %s', (_name, database) => {
  describe('in an S3-compatible bucket (S3_* settings, a local S3 server)', () => {
    let s3dir: string;
    let s3server: S3rver;
    let ctx: TestContext;
    let client: S3Client;

    beforeAll(async () => {
      s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-s3-'));
      s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
      const { port } = (await s3server.run()) as AddressInfo;
      // The settings an operator writes, read by the real config loader.
      const env = { S3_BUCKET: BUCKET, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' };
      const { storage } = loadConfig(env);
      expect(storage).toMatchObject({ kind: 's3', bucket: BUCKET, forcePathStyle: true });
      ctx = await startApp(database, { storage });
      client = new S3Client({ endpoint: env.S3_ENDPOINT, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    });
    afterAll(async () => {
      await ctx.close();
      client.destroy();
      await s3server.close();
      fs.rmSync(s3dir, { recursive: true, force: true });
    });

    it('an avatar and a community image go to the bucket and are served back from it', async () => {
      const member = await signedInMember(ctx);
      const files = await uploadBoth(ctx, member);
      for (const file of files) {
        const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: fileId(file.url) }));
        expect(object.ContentType).toBe(file.mime);
        const stored = Buffer.from(await object.Body!.transformToByteArray());
        await expectSamePicture(stored, file.bytes);
        // The database keeps only the file's record, not its bytes.
        const row = await ctx.db.kysely.selectFrom('files').select(['mime', 'bytes']).where('id', '=', fileId(file.url)).executeTakeFirstOrThrow();
        expect(row.mime).toBe(file.mime);
        expect(row.bytes.length).toBe(0);
        await expectServed(ctx, file, stored);
      }
    });

    it('a feedback attachment (here a 6 MB photo) goes into the bucket; one that is not an image never reaches it', async () => {
      const member = await signedInMember(ctx);
      // Noise does not compress: a 1500 x 1500 PNG of it is about 6.5 MB, and so is its encoding again.
      const picture = await sharp({ create: { width: 1500, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
      expect(picture.length).toBeGreaterThan(6 * 1024 * 1024);
      const send = (bytes: Buffer) => {
        const b = '----rigshareFeedback' + Math.random().toString(16).slice(2);
        const payload = Buffer.concat([
          Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${'word '.repeat(12)}\r\n`),
          Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="shot.png"\r\nContent-Type: image/png\r\n\r\n`),
          bytes,
          Buffer.from(`\r\n--${b}--\r\n`),
        ]);
        return ctx.app.inject({ method: 'POST', url: '/api/push/feedback/create', payload, headers: { 'content-type': `multipart/form-data; boundary=${b}`, 'x-access-token': member.token } });
      };
      const sent = await send(picture);
      expect(sent.json()).toMatchObject({ code: 200, data: { attachment: true } });
      const row = await ctx.db.kysely.selectFrom('feedback').select(['attachment', 'attachment_size']).where('id', '=', sent.json().data.id).executeTakeFirstOrThrow();
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: row.attachment! }));
      expect(object.ContentType).toBe('image/png');
      const got = Buffer.from(await object.Body!.transformToByteArray());
      await expectSamePicture(got, picture);
      expect(row.attachment_size).toBe(got.length);

      const keys = async () => (await fs.promises.readdir(path.join(s3dir, BUCKET), { recursive: true })).length;
      const before = await keys();
      expect((await send(Buffer.from('MZ not an image, whatever the name says'))).statusCode).toBe(415);
      expect(await keys()).toBe(before);
    });

    it('a file whose object is gone from the bucket is a 404, not a 500', async () => {
      const member = await signedInMember(ctx);
      const [avatar] = await uploadBoth(ctx, member);
      await ctx.app.deps.storage.delete(fileId(avatar.url));
      await expect(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: fileId(avatar.url) }))).rejects.toThrow();
      const res = await ctx.app.inject({ method: 'GET', url: requestPath(avatar.url) });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('in the data folder (the default)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await startApp(database);
    });
    afterAll(() => ctx.close());

    it('an avatar and a community image are files under DATA_DIR/files and are served back', async () => {
      expect(loadConfig({ DATA_DIR: '/srv/rigshare' }).storage).toEqual({ kind: 'local', dir: path.join('/srv/rigshare', 'files') });
      const { storage } = ctx.config;
      if (storage.kind !== 'local') throw new Error('expected the data folder');
      const member = await signedInMember(ctx);
      for (const file of await uploadBoth(ctx, member)) {
        const stored = fs.readFileSync(path.join(storage.dir, fileId(file.url)));
        await expectSamePicture(stored, file.bytes);
        await expectServed(ctx, file, stored);
      }
    });
  });
});

describe('S3 settings', () => {
  it('access key and secret go together; S3_ENDPOINT implies path-style addressing', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKIAEXAMPLESECRET' })).toThrow(/S3_SECRET_ACCESS_KEY: missing/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'shh-very-secret' })).toThrow(/S3_ACCESS_KEY_ID: missing/);
    expect(loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000' }).storage).toMatchObject({ kind: 's3', forcePathStyle: true, region: 'us-east-1' });
    expect(loadConfig({ S3_BUCKET: 'b' }).storage).toMatchObject({ kind: 's3', forcePathStyle: false, endpoint: '' });
  });
});
