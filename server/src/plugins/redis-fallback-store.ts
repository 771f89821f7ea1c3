import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type Redis from 'ioredis';

/** The counter stores of @fastify/rate-limit (the same ones it uses itself, with the same semantics). */
interface CounterStore {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  read?(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  /** Given the merged limiter parameters (continueExceeding, exponentialBackoff, routeInfo, ...). */
  child(routeOptions: unknown): CounterStore;
}
type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}
type StoreCtor<A extends unknown[]> = new (...args: A) => CounterStore;

const fromPlugin = createRequire(require.resolve('@fastify/rate-limit'));
const RedisStore: StoreCtor<[boolean | undefined, boolean | undefined, Redis, string]> = fromPlugin('./store/RedisStore');
const LocalStore: StoreCtor<[boolean | undefined, boolean | undefined, number | undefined]> = fromPlugin('./store/LocalStore');

export type RedisState = 'off' | 'up' | 'down';

/**
 * Rate-limit counters in Redis, shared by every API process, that fall back to this process's own
 * counters while Redis cannot be reached, instead of failing the request (a 500 on every login, SMS
 * code and account lookup). The limits still hold per process. Each outage is logged once when it
 * starts and once when Redis is back. Used as @fastify/rate-limit's `store` option.
 */
export function redisWithFallback(redis: Redis, nameSpace: string, log: FastifyBaseLogger) {
  let down = false;
  const markDown = (error?: unknown) => {
    if (down) return;
    down = true;
    log.warn(
      { err: error },
      'Redis unreachable: rate limits fall back to per-process counters until it is back (GET /health shows redis "down")',
    );
  };
  const markUp = () => {
    if (!down) return;
    down = false;
    log.info('Redis is back: rate limits are shared again');
  };
  redis.on('error', markDown); // also keeps ioredis from printing every reconnect failure
  redis.on('ready', markUp);

  class FallbackStore implements CounterStore {
    constructor(
      private readonly shared: CounterStore,
      private readonly local: CounterStore,
    ) {}

    private run(method: 'incr' | 'read', key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      const fallback = () => this.local[method]!(key, callback, timeWindow, max);
      // Not connected: do not queue the command behind ioredis's reconnect attempts.
      if (redis.status !== 'ready') {
        markDown();
        return fallback();
      }
      this.shared[method]!(
        key,
        (error, result) => {
          if (error) {
            markDown(error);
            return fallback();
          }
          callback(null, result);
        },
        timeWindow,
        max,
      );
    }

    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      this.run('incr', key, callback, timeWindow, max);
    }

    read(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      this.run('read', key, callback, timeWindow, max);
    }

    child(routeOptions: unknown): CounterStore {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  return {
    /** The `store` option: @fastify/rate-limit constructs it with its global parameters. */
    Store: class extends FallbackStore {
      constructor(params: StoreOptions) {
        super(
          new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
          new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache),
        );
      }
    },
    state: (): RedisState => (redis.status === 'ready' && !down ? 'up' : 'down'),
    /** Resolves when Redis first answers or first fails (a closed port fails at once), or after `ms`. */
    settled: (ms: number) =>
      new Promise<void>((resolve) => {
        if (redis.status === 'ready') return resolve();
        const done = () => {
          clearTimeout(timer);
          redis.off('ready', done);
          redis.off('error', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        redis.once('ready', done);
        redis.once('error', done);
      }),
  };
}
