import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../types';

/**
 * Who may fetch a stored file. Avatars and the images of Passed posts are public. Everything else (a
 * join-group screenshot, a pending or failed post's images, a feedback attachment) is fetched only
 * through a link signed for one viewer: the endpoints that already check that the caller owns the file
 * (square/my, joinGroup/status) or holds a staff role (the console's review queues and feedback) put
 * such links in their replies. An <img> sends no session header, so the link itself carries the proof:
 * HMAC-SHA256 over the file id, the viewer (m<member id> or s<staff id>) and an expiry, with a key
 * the server keeps in its database (server_keys), the same on every instance. A link works for one to
 * two hours (expiries are rounded to the hour, so a screen shown twice asks for the same URL), only
 * while the member still owns the file or the staff account is still enabled.
 */

export type FileViewer = { member: number } | { staff: number };

export interface FileLinks {
  /** A public file's URL (an avatar, a Passed post's image). */
  open(fileId: string): string;
  /** A private file's URL, signed for this viewer. */
  signed(fileId: string): string;
}

export interface LinkProof {
  exp?: number;
  viewer?: string;
  sig?: string;
}

const KEY_NAME = 'file-links';
const HOUR_S = 3600;
/** Key per database (tests open many); read once per process, made once per database. */
const keys = new WeakMap<Kysely<Database>, Promise<Buffer>>();

async function loadKey(db: Kysely<Database>, now: Date): Promise<Buffer> {
  // Of two instances making it at once, the first insert wins and both read it back.
  await db
    .insertInto('server_keys')
    .values({ name: KEY_NAME, secret: randomBytes(32).toString('hex'), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_keys').select('secret').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'hex');
}

function linkKey(deps: AppDeps): Promise<Buffer> {
  const db = deps.db.kysely;
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db, deps.clock());
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

const viewerText = (viewer: FileViewer) => ('member' in viewer ? `m${viewer.member}` : `s${viewer.staff}`);
const signature = (key: Buffer, fileId: string, viewer: string, exp: number) => createHmac('sha256', key).update(`${fileId}\n${viewer}\n${exp}`).digest('base64url');

export function publicBase(app: FastifyInstance, request: FastifyRequest): string {
  return app.deps.config.publicUrl || `${request.protocol}://${request.host}`;
}

/** The file URLs one viewer is given in a reply (public ones plain, private ones signed for them). */
export async function fileLinks(app: FastifyInstance, request: FastifyRequest, viewer: FileViewer): Promise<FileLinks> {
  const key = await linkKey(app.deps);
  const base = `${publicBase(app, request)}/api/user/files/`;
  const exp = (Math.floor(app.deps.clock().getTime() / 1000 / HOUR_S) + 2) * HOUR_S;
  const who = viewerText(viewer);
  return {
    open: (fileId) => `${base}${fileId}`,
    signed: (fileId) => `${base}${fileId}?exp=${exp}&viewer=${who}&sig=${signature(key, fileId, who, exp)}`,
  };
}

/** Whether a private file's link proves that this viewer was given it, that it is still valid, and that the viewer still may see the file. */
export async function linkAdmits(deps: AppDeps, fileId: string, ownerId: number | null, proof: LinkProof): Promise<boolean> {
  const { exp, viewer, sig } = proof;
  if (exp === undefined || viewer === undefined || sig === undefined) return false;
  const nowS = deps.clock().getTime() / 1000;
  if (exp <= nowS || exp > nowS + 2 * HOUR_S) return false;
  const expected = Buffer.from(signature(await linkKey(deps), fileId, viewer, exp));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const id = Number(viewer.slice(1));
  if (viewer.startsWith('m')) return ownerId === id;
  const staff = await deps.db.kysely.selectFrom('staff').select('disabled').where('id', '=', id).executeTakeFirst();
  return staff !== undefined && Number(staff.disabled) === 0;
}
