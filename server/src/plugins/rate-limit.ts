import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { AppError } from '../errors';
import { redisWithFallback, type RedisState } from './redis-fallback-store';
import { RedisCounters } from '../security/counters';

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
  const shared = redis ? redisWithFallback(redis, 'rigshare-rl-', app.log) : undefined;
  app.decorate('redisState', (): RedisState => shared?.state() ?? 'off');
  if (redis) {
    await shared!.settled(3000);
    app.addHook('onClose', async () => void (redis.status === 'ready' ? await redis.quit() : redis.disconnect()));
  }
  // The SMS budget (codes sent per hour and per number range) shares the same Redis.
  if (redis) app.deps.counters = new RedisCounters(redis, config.redisPrefix, app.log);
  await app.register(rateLimit, { global: false, store: shared?.Store });

  const limiter = (name: string, max: number, timeWindow: number, key: (request: FastifyRequest) => string) => {
    const check = app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:${key(request)}` });
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
