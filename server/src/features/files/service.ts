import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { newId } from '../../security/random';
import { detectImageMime } from './image-type';

/** Stores an uploaded image after checking its real type; returns the new file id. */
export async function storeImage(db: Kysely<Database>, ownerId: number, bytes: Buffer, now: Date): Promise<string> {
  const mime = detectImageMime(bytes);
  if (!mime) throw new AppError(415, 'unsupportedImage');
  const id = newId();
  await db.insertInto('files').values({ id, owner_id: ownerId, mime, bytes, created_at: now.toISOString() }).execute();
  return id;
}

export function readFile(db: Kysely<Database>, id: string) {
  return db.selectFrom('files').select(['mime', 'bytes']).where('id', '=', id).executeTakeFirst();
}
