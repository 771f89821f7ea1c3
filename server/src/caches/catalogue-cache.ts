import { createHash } from 'node:crypto';
import { AnnouncedCache } from './announced-cache';

/**
 * The public catalogue (`/product/list` and `/product/detail`) is what every member's home asks for and
 * what changes least: a purchase changes units sold, staff change terms or close a product. Each
 * instance keeps the answers it read for CATALOGUE_CACHE_SECONDS (default 30; 0 turns the cache off),
 * with an ETag of the content, so a client that has it gets a 304.
 *
 * It is kept correct by the writes, not by its age. Every transaction that changes the catalogue (a
 * purchase batch, a product created, edited or closed, through the API or the command line) writes an
 * `instance` event (events/index.ts) with its change; each instance drops everything it kept when its
 * live dispatcher reads one, which is after every write request of its own, when another instance
 * announces its events on Redis, and every LIVE_POLL_MS for the command line. The instance that made a
 * purchase or a staff change also drops at once, before it answers. What changes a product behind the
 * API's back (a database edit) shows within CATALOGUE_CACHE_SECONDS.
 */
export interface CachedCatalogueAnswer<T> {
  data: T;
  /** Of the data; the answer's ETag adds the language of its message. */
  digest: string;
}

export class CatalogueCache extends AnnouncedCache<string, CachedCatalogueAnswer<unknown>, Record<string, never>> {
  constructor(ttlMs: number, maxEntries = 1_000) {
    super(ttlMs, maxEntries);
  }

  /** Any change may move a product between pages: everything goes. */
  protected forget(): void {
    this.entries.clear();
  }

  /** The answer kept for `key`, or `read`'s, kept from now on unless the catalogue changed meanwhile. */
  async answer<T>(key: string, now: number, read: () => Promise<T>): Promise<CachedCatalogueAnswer<T>> {
    const kept = this.get(key, now);
    if (kept) return kept as CachedCatalogueAnswer<T>;
    const startedAt = this.lookupStarted();
    const data = await read();
    const answer = { data, digest: createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 22) };
    this.store(key, answer, now, startedAt);
    return answer;
  }
}
