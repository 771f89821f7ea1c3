import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Redis from 'ioredis';

export type RedisState = 'off' | 'up' | 'down';

/** A limiter made by @fastify/rate-limit's `createRateLimit`. */
export type RateLimitCheck = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Rate limits counted in Redis, shared by every API process, that fall back to this process's own
 * counters while Redis cannot be reached, instead of failing the request (a 500 on every login, SMS
 * code and account lookup). The limits still hold per process. Each outage is logged once when it
 * starts and once when Redis is back.
 */
export function redisWithFallback(redis: Redis, log: FastifyBaseLogger) {
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

  return {
    /**
     * The check counted in Redis while it answers, else the one counted in this process. The shared
     * check fails only on its store (our key generators cannot throw), so a failure means Redis.
     */
    withFallback:
      (shared: RateLimitCheck, local: RateLimitCheck): RateLimitCheck =>
      async (request, callOptions) => {
        // Not connected: do not queue the command behind ioredis's reconnect attempts.
        if (redis.status !== 'ready') {
          markDown();
          return local(request, callOptions);
        }
        try {
          return await shared(request, callOptions);
        } catch (error) {
          markDown(error);
          return local(request, callOptions);
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
