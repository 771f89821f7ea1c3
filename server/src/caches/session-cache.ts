import { AnnouncedCache } from './announced-cache';

/**
 * Reads by signed-in members are most of the API's traffic, and each began by looking its session up in
 * the database. A live session found there is kept here for a few seconds (SESSION_CACHE_SECONDS,
 * default 5; 0 turns the cache off), and reads (GET) within that time use it. Everything else (buying,
 * withdrawing, posting, changing a password, logging out) looks the session up again, so a revoked token
 * or a frozen member is refused by it at once (features/accounts/auth-hook.ts).
 *
 * Revoking a session through this process drops it here at once and, in a fleet, announces it on Redis
 * to the other instances (plugins/cache-announcements.ts), which drop it as soon as they hear it. An
 * instance that cannot hear announcements (Redis unreachable) uses no cache until it can again. What
 * changes a session behind the API's back (a database edit) reaches reads within the few seconds.
 */
export interface CachedSession {
  userId: number;
  /** When the session itself expires (epoch ms): a cached session is never used past it. */
  expiresAt: number;
  frozen: boolean;
}

/** A token ended (logout), or every session of a member (a password change or reset). */
export type Revocation = { tokenHash: string } | { memberId: number };

export class SessionCache extends AnnouncedCache<string, CachedSession, Revocation> {
  constructor(ttlMs: number, maxEntries = 50_000) {
    super(ttlMs, maxEntries);
  }

  protected override expired(session: CachedSession, now: number): boolean {
    return now >= session.expiresAt;
  }

  protected forget(revocation: Revocation): void {
    if ('tokenHash' in revocation) this.entries.delete(revocation.tokenHash);
    else for (const [tokenHash, entry] of this.entries) if (entry.value.userId === revocation.memberId) this.entries.delete(tokenHash);
  }
}
