import type { FastifyBaseLogger } from 'fastify';
import type Redis from 'ioredis';

/**
 * Small shared counters for rules that count only some events (SMS codes sent per hour and per number
 * range), which @fastify/rate-limit cannot do: it counts every request it sees. Guesses at secrets are
 * not counted here but in the database, before the secret is checked (security/guess-limits.ts).
 * With REDIS_URL every API process reads and writes the same counters; without it they live in this
 * process. Time windows come from the caller's clock (bucketed keys, stored timestamps), so the
 * injected test clock drives them; the TTLs only clean up.
 */
export interface Counters {
  /** Adds one to `key` and returns the new count; the key lives `ttlMs` after this write. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** The number stored at `key`, 0 when absent. */
  read(key: string): Promise<number>;
  /** Stores `value` at `key` for `ttlMs`. */
  write(key: string, value: number, ttlMs: number): Promise<void>;
  remove(...keys: string[]): Promise<void>;
}

/** Counters in this process only (no REDIS_URL). */
export class MemoryCounters implements Counters {
  private readonly entries = new Map<string, { value: number; expires: number }>();

  private live(key: string): { value: number; expires: number } | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const value = (this.live(key)?.value ?? 0) + 1;
    this.entries.set(key, { value, expires: Date.now() + ttlMs });
    if (this.entries.size > 100_000) this.sweep();
    return value;
  }

  async read(key: string): Promise<number> {
    return this.live(key)?.value ?? 0;
  }

  async write(key: string, value: number, ttlMs: number): Promise<void> {
    this.entries.set(key, { value, expires: Date.now() + ttlMs });
  }

  async remove(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  private sweep(): void {
    for (const key of [...this.entries.keys()]) this.live(key);
  }
}

/**
 * Counters in Redis, shared by every API process. When a command fails (Redis unreachable) the
 * process counts in memory instead and says so once in the log, so SMS codes keep being sent with
 * per-process counting rather than answering 500.
 */
export class RedisCounters implements Counters {
  private readonly fallback = new MemoryCounters();
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log?: FastifyBaseLogger,
  ) {}

  private async run<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    // Not connected: count here at once rather than wait behind ioredis's reconnect attempts.
    if (this.redis.status !== 'ready') {
      this.markDegraded();
      return local();
    }
    try {
      const result = await shared();
      if (this.degraded) {
        this.degraded = false;
        this.log?.warn('redis answers again: shared counters are back');
      }
      return result;
    } catch (error) {
      this.markDegraded(error);
      return local();
    }
  }

  private markDegraded(error?: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.log?.error({ err: error }, 'redis unreachable: counting SMS codes sent per process');
  }

  increment(key: string, ttlMs: number): Promise<number> {
    return this.run(
      async () => {
        const [[incrError, value], [expireError]] = (await this.redis.multi().incr(this.prefix + key).pexpire(this.prefix + key, ttlMs).exec()) ?? [];
        if (incrError || expireError) throw incrError ?? expireError;
        return Number(value);
      },
      () => this.fallback.increment(key, ttlMs),
    );
  }

  read(key: string): Promise<number> {
    return this.run(
      async () => Number((await this.redis.get(this.prefix + key)) ?? 0),
      () => this.fallback.read(key),
    );
  }

  write(key: string, value: number, ttlMs: number): Promise<void> {
    return this.run(
      async () => void (await this.redis.set(this.prefix + key, String(value), 'PX', ttlMs)),
      () => this.fallback.write(key, value, ttlMs),
    );
  }

  remove(...keys: string[]): Promise<void> {
    if (keys.length === 0) return Promise.resolve();
    return this.run(
      async () => void (await this.redis.del(...keys.map((k) => this.prefix + k))),
      () => this.fallback.remove(...keys),
    );
  }
}
