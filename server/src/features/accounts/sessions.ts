import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../types';
import { recordSessionsEnded } from '../../events';
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

/** What a live session says of its member. */
export interface LiveSession {
  user_id: number;
  expires_at: string;
  frozen_at: string | null;
}

/** The live session of a token (not revoked, not expired), with whether staff have frozen its member. */
export async function findLiveSession(db: Kysely<Database>, tokenHash: string, now: Date): Promise<LiveSession | undefined> {
  return (await findLiveSessions(db, [tokenHash], now)).get(tokenHash);
}

/** The live sessions among several tokens, by token hash, in one query (the API looks up the sessions of requests that arrive together at once, features/accounts/auth-hook.ts). */
export async function findLiveSessions(db: Kysely<Database>, tokenHashes: readonly string[], now: Date): Promise<Map<string, LiveSession>> {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.token_hash', 'sessions.user_id', 'sessions.expires_at', 'users.frozen_at'])
    .where('sessions.token_hash', 'in', [...new Set(tokenHashes)])
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now.toISOString())
    .execute();
  return new Map(rows.map(({ token_hash, ...session }) => [token_hash, session]));
}

/** Who a revocation needs: the database, the clock, and this instance's session cache (which tells the fleet). */
type RevokingDeps = Pick<AppDeps, 'db' | 'clock' | 'sessionCache'>;

/**
 * Ends one session of the member (logout): in the database, then in every instance's cache of live
 * sessions (caches/session-cache.ts), so no read is served on it any more. Revocations go through here or
 * `endOtherSessions` only, so the two never come apart.
 */
export async function endSession(deps: RevokingDeps, memberId: number, tokenHash: string): Promise<void> {
  const at = deps.clock();
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('sessions').set({ revoked_at: at.toISOString() }).where('token_hash', '=', tokenHash).where('user_id', '=', memberId).where('revoked_at', 'is', null).execute();
    // Live channels on the token close, on whichever instance holds them.
    await recordSessionsEnded(trx, memberId, { reason: 'logout', tokenHash, keepTokenHash: null }, at);
  });
  await deps.sessionCache.changed({ tokenHash });
}

/** Ends every session of the member except the one given, if any (a password change or reset); the same two places. */
export async function endOtherSessions(deps: RevokingDeps, memberId: number, keepTokenHash: string | null): Promise<void> {
  const at = deps.clock();
  await deps.db.kysely.transaction().execute(async (trx) => {
    let query = trx.updateTable('sessions').set({ revoked_at: at.toISOString() }).where('user_id', '=', memberId).where('revoked_at', 'is', null);
    if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
    await query.execute();
    await recordSessionsEnded(trx, memberId, { reason: 'password', tokenHash: null, keepTokenHash }, at);
  });
  // The kept session is dropped from the caches too; its next read looks it up again.
  await deps.sessionCache.changed({ memberId });
}
