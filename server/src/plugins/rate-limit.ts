import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { AppError } from '../errors';
import { named } from './plugin-name';
import { redisWithFallback, type RedisState } from './redis-fallback';
import { RedisCounters } from '../security/counters';

type CreateRateLimit = FastifyInstance['createRateLimit'];

/**
 * @fastify/rate-limit registered in a scope of its own, for the `createRateLimit` it gives that scope:
 * one counts in Redis and one in this process, side by side, each with the plugin's own store.
 */
async function limiterFactory(app: FastifyInstance, store: { redis?: Redis; nameSpace?: string }): Promise<CreateRateLimit> {
  let create: CreateRateLimit | undefined;
  await app.register(
    named(async (scope) => {
      await scope.register(rateLimit, { global: false, ...store });
      create = scope.createRateLimit;
    }, 'rate-limit'),
  );
  return create!;
}

/**
 * Named limiters that handlers call after the body is parsed; they count every request. Counters live in
 * Redis when REDIS_URL is set, so several API processes share them. Guesses at secrets (logins, codes,
 * the fund password) are limited elsewhere, in the database (security/guess-limits.ts), so those limits
 * hold across processes with Redis down too.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  // Redis down must not lock everybody out: the counters fall back to this process's own (logged once).
  const shared = redis ? redisWithFallback(redis, app.log) : undefined;
  app.decorate('redisState', (): RedisState => shared?.state() ?? 'off');
  if (redis) {
    await shared!.settled(3000);
    app.addHook('onClose', async () => void (redis.status === 'ready' ? await redis.quit() : redis.disconnect()));
  }
  // The SMS budget (codes sent per hour and per number range) shares the same Redis.
  if (redis) app.deps.counters = new RedisCounters(redis, config.redisPrefix, app.log);
  const createLocal = await limiterFactory(app, {});
  // Under REDIS_PREFIX like every other shared key, so deployments (and test runs) sharing a Redis count apart.
  const createShared = redis ? await limiterFactory(app, { redis, nameSpace: `${config.redisPrefix}rl-` }) : undefined;

  const limiter = (name: string, max: number, timeWindow: number, key: (request: FastifyRequest) => string) => {
    const options = { max, timeWindow, keyGenerator: (request: FastifyRequest) => `${name}:${key(request)}` };
    const check = createShared ? shared!.withFallback(createShared(options), createLocal(options)) : createLocal(options);
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw new AppError(429, 'tooManyRequests');
    };
  };

  const limits = config.rateLimits;
  app.decorate('limits', {
    codePerIp: limiter('code', limits.codePerIp.max, limits.codePerIp.windowMs, (r) => r.ip),
    accountCheck: limiter('account', limits.accountCheckPerIp.max, limits.accountCheckPerIp.windowMs, (r) => r.ip),
  });
}
