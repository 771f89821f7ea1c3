import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { newId } from '../../security/random';
import type { FileStorage } from '../../storage/file-storage';
import { detectImageMime } from './image-type';

/** The bytes of a file kept in storage; a `files` row holding bytes is from before storage (read as it is). */
const IN_STORAGE = Buffer.alloc(0);

/**
 * Stores an uploaded image after checking its real type; returns the new file id. The bytes go to the
 * storage first (under the file id), then the row: a row never points at bytes that are not there.
 */
export async function storeImage(db: Kysely<Database>, storage: FileStorage, ownerId: number, bytes: Buffer, now: Date): Promise<string> {
  const mime = detectImageMime(bytes);
  if (!mime) throw new AppError(415, 'unsupportedImage');
  const id = newId();
  await storage.put(id, bytes, mime);
  await db.insertInto('files').values({ id, owner_id: ownerId, mime, bytes: IN_STORAGE, created_at: now.toISOString() }).execute();
  return id;
}

export async function readFile(db: Kysely<Database>, storage: FileStorage, id: string): Promise<{ mime: string; body: Buffer | Readable } | null> {
  const row = await db.selectFrom('files').select(['mime', 'bytes']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  if (row.bytes && row.bytes.length > 0) return { mime: row.mime, body: Buffer.from(row.bytes) };
  const stored = await storage.get(id);
  return stored ? { mime: row.mime, body: stored.body } : null;
}
