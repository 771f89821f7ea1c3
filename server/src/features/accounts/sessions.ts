import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newToken, sha256 } from '../../security/random';

/** Opens a session; only the token's sha256 is stored, the token itself goes to the member once. */
export async function openSession(db: Kysely<Database>, userId: number, now: Date, ttlHours: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlHours * 3_600_000).toISOString(),
      revoked_at: null,
    })
    .execute();
  return token;
}

/** The live session of a token (not revoked, not expired), with whether staff have frozen its member. */
export async function findLiveSession(db: Kysely<Database>, tokenHash: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.user_id', 'sessions.expires_at', 'users.frozen_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every session of the member except the one given (after a password change). */
export async function revokeOtherSessions(db: Kysely<Database>, userId: number, keepTokenHash: string | null, now: Date) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  await query.execute();
}
