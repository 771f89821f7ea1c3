/**
 * Reads by signed-in members are most of the API's traffic, and each began by looking its session up in
 * the database. A live session found there is kept here for a few seconds (SESSION_CACHE_SECONDS,
 * default 5; 0 turns the cache off), and reads (GET) within that time use it. Everything else (buying,
 * withdrawing, posting, changing a password, logging out) looks the session up again, so a revoked token
 * or a frozen member is refused by it at once (plugins/auth.ts).
 *
 * Revoking a session through this process drops it here at once and, in a fleet, announces it on Redis
 * to the other instances (plugins/session-revocations.ts), which drop it as soon as they hear it. An
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

interface Entry extends CachedSession {
  cachedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every revocation: a lookup that started before one does not store what it read. */
  private revocations = 0;
  private usable = true;
  /** Tells the fleet's other instances; set by plugins/session-revocations.ts when REDIS_URL is set. */
  announce: ((revocation: Revocation) => Promise<void>) | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  /** What the next `store` must be given: the revocation count when the database lookup started. */
  lookupStarted(): number {
    return this.revocations;
  }

  get(tokenHash: string, now: number): CachedSession | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (!this.usable || now - entry.cachedAt >= this.ttlMs || now >= entry.expiresAt || now < entry.cachedAt) {
      this.entries.delete(tokenHash);
      return null;
    }
    return { userId: entry.userId, expiresAt: entry.expiresAt, frozen: entry.frozen };
  }

  store(tokenHash: string, session: CachedSession, now: number, startedAt: number): void {
    if (!this.usable || this.ttlMs <= 0 || startedAt !== this.revocations) return;
    // Oldest first in a Map's order: storing again moves the entry to the end, and the first one goes when full.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { ...session, cachedAt: now });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** This process revoked sessions: dropped here, then announced to the other instances. */
  async revoked(revocation: Revocation): Promise<void> {
    this.drop(revocation);
    await this.announce?.(revocation);
  }

  /** Another instance revoked sessions (or this one did). */
  drop(revocation: Revocation): void {
    this.revocations++;
    if ('tokenHash' in revocation) this.entries.delete(revocation.tokenHash);
    else for (const [tokenHash, entry] of this.entries) if (entry.userId === revocation.memberId) this.entries.delete(tokenHash);
  }

  /** The database no longer has this session live (revoked elsewhere, or expired). */
  discard(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Announcements may be missed from now on: keep nothing until `resume`. */
  suspend(): void {
    this.usable = false;
    this.revocations++;
    this.entries.clear();
  }

  resume(): void {
    this.usable = true;
  }

  get size(): number {
    return this.entries.size;
  }
}
