/**
 * What the caches an API instance keeps of database rows share (session-cache.ts, profile-cache.ts):
 * an entry is used for at most `ttlMs` after it was read, at most `maxEntries` are kept (the oldest go
 * first), and an entry is dropped at once when this instance changes what it holds (`changed`) and, in a
 * fleet, when another instance announces that it did (`drop`, from plugins/cache-announcements.ts).
 * While the instance may miss announcements (Redis unreachable) it keeps nothing (`suspend`).
 *
 * A reader asks `lookupStarted()` before it reads the database and gives the answer to `store`: when
 * anything was dropped in between, what it read may be older than the change, and it is not kept.
 */
export abstract class AnnouncedCache<Key, Value, Change> {
  protected readonly entries = new Map<Key, { value: Value; cachedAt: number }>();
  /** Bumped by every drop: a lookup that started before one does not store what it read. */
  private drops = 0;
  private usable = true;
  /** Tells the fleet's other instances; set by plugins/cache-announcements.ts when REDIS_URL is set. */
  announce: ((change: Change) => Promise<void>) | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** Drops the entries `change` makes wrong (another instance's announcement, or this one's change). */
  protected abstract forget(change: Change): void;

  /** Whether a value must not be used any more whatever its age (a session past its own end). */
  protected expired(_value: Value, _now: number): boolean {
    return false;
  }

  /** What the next `store` must be given: the drop count when the database lookup started. */
  lookupStarted(): number {
    return this.drops;
  }

  get(key: Key, now: number): Value | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (!this.usable || now - entry.cachedAt >= this.ttlMs || now < entry.cachedAt || this.expired(entry.value, now)) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  store(key: Key, value: Value, now: number, startedAt: number): void {
    if (!this.usable || this.ttlMs <= 0 || startedAt !== this.drops) return;
    // Oldest first in a Map's order: storing again moves the entry to the end, and the first one goes when full.
    this.entries.delete(key);
    this.entries.set(key, { value, cachedAt: now });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** This process changed what entries hold: dropped here, then announced to the other instances. */
  async changed(change: Change): Promise<void> {
    this.drop(change);
    await this.announce?.(change);
  }

  /** Another instance changed what entries hold (or this one did). */
  drop(change: Change): void {
    this.drops++;
    this.forget(change);
  }

  /** The database no longer has this row as it was kept (a session revoked elsewhere, or expired). */
  discard(key: Key): void {
    this.entries.delete(key);
  }

  /** Announcements may be missed from now on: keep nothing until `resume`. */
  suspend(): void {
    this.usable = false;
    this.drops++;
    this.entries.clear();
  }

  resume(): void {
    this.usable = true;
  }

  get size(): number {
    return this.entries.size;
  }
}
