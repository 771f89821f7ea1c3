import { POST_STATUS } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { Database, FilePurpose } from '../../db/schema';
import { newId } from '../../security/random';
import type { FileStorage } from '../../storage/file-storage';
import type { DecodedImage } from './intake';

/** The bytes of a file kept in storage; a `files` row holding bytes is from before storage (read as it is). */
const IN_STORAGE = Buffer.alloc(0);

/** Stores one decoded image in the caller's transaction; returns its file id. */
export type StoreImage = (trx: Kysely<Database>, image: DecodedImage) => Promise<string>;

/**
 * Runs `write` with a `store` that puts a decoded image's bytes in the storage (under a new file id) and
 * its `files` row in the caller's transaction: a row never points at bytes that are not there. When
 * `write` throws (a refusal, a rolled back transaction), the bytes it stored are deleted again, so a
 * refused request leaves neither a row nor bytes behind.
 */
export async function storingImages<T>(
  storage: FileStorage,
  owner: { ownerId: number; purpose: FilePurpose; at: Date },
  write: (store: StoreImage) => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  const store: StoreImage = async (trx, image) => {
    const id = newId();
    stored.push(id);
    await storage.put(id, image.bytes, image.mime);
    await trx
      .insertInto('files')
      .values({ id, owner_id: owner.ownerId, mime: image.mime, bytes: IN_STORAGE, purpose: owner.purpose, created_at: owner.at.toISOString() })
      .execute();
    return id;
  };
  try {
    return await write(store);
  } catch (error) {
    await Promise.allSettled(stored.map((id) => storage.delete(id)));
    throw error;
  }
}

export interface StoredFile {
  mime: string;
  ownerId: number | null;
  /** Anyone may fetch it: an avatar, or an image of a Passed post. */
  isPublic: boolean;
  /** The bytes (a stream from the storage, or a legacy row's bytes); null when the storage lost them. */
  open(): Promise<Buffer | Readable | null>;
}

/** A stored file's row: its type, owner and whether it is public; the bytes are read only when asked for. */
export async function findFile(db: Kysely<Database>, storage: FileStorage, id: string): Promise<StoredFile | null> {
  const row = await db
    .selectFrom('files as f')
    .leftJoin('post_images as i', 'i.file_id', 'f.id')
    .leftJoin('posts as p', 'p.id', 'i.post_id')
    .select(['f.mime', 'f.bytes', 'f.owner_id', 'f.purpose', 'p.status'])
    .where('f.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const legacy = row.bytes && row.bytes.length > 0 ? Buffer.from(row.bytes) : null;
  return {
    mime: row.mime,
    ownerId: row.owner_id,
    isPublic: row.purpose === 'avatar' || (row.purpose === 'post' && Number(row.status) === POST_STATUS.passed),
    open: async () => legacy ?? (await storage.get(id))?.body ?? null,
  };
}
