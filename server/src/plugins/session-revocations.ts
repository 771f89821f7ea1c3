import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import type { Revocation } from '../features/accounts';

/**
 * With REDIS_URL set, the API instances of a fleet tell each other which sessions they revoked, so that
 * no instance goes on reading with a token logged out through another (features/accounts/session-cache.ts).
 * An instance keeps no sessions while it is not subscribed (connecting, or Redis unreachable), as it
 * could miss an announcement then: every request looks its session up in the database, as before the cache.
 */
export async function registerSessionRevocations(app: FastifyInstance): Promise<void> {
  const { config, sessionCache, log } = app.deps;
  if (!config.redisUrl) return;
  const channel = `${config.redisPrefix}session-revocations`;
  // Fails at once while Redis is down instead of queueing: the other instances do not cache then either.
  const publisher = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const subscriber = new Redis(config.redisUrl, { autoResubscribe: false });
  publisher.on('error', () => undefined); // the rate limits' connection already logs Redis outages
  subscriber.on('error', () => undefined);

  sessionCache.suspend();
  subscriber.on('close', () => sessionCache.suspend());
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => sessionCache.resume(),
      (error) => log.warn({ err: error }, 'Not subscribed to session revocations: sessions are looked up on every request'),
    );
  });
  subscriber.on('message', (_channel: string, message: string) => {
    const revocation = parseRevocation(message);
    if (revocation) sessionCache.drop(revocation);
    else log.warn({ message }, 'Ignored a malformed session revocation');
  });
  sessionCache.announce = async (revocation) => {
    try {
      await publisher.publish(channel, JSON.stringify(revocation));
    } catch (error) {
      log.warn({ err: error }, 'A session revocation was not announced: other instances may read with it for SESSION_CACHE_SECONDS');
    }
  };
  app.addHook('onClose', async () => {
    sessionCache.announce = null;
    publisher.disconnect();
    subscriber.disconnect();
  });
}

function parseRevocation(message: string): Revocation | null {
  try {
    const value: unknown = JSON.parse(message);
    if (typeof value !== 'object' || value === null) return null;
    const { tokenHash, memberId } = value as Record<string, unknown>;
    if (typeof tokenHash === 'string' && /^[0-9a-f]{64}$/.test(tokenHash)) return { tokenHash };
    if (typeof memberId === 'number' && Number.isSafeInteger(memberId)) return { memberId };
    return null;
  } catch {
    return null;
  }
}
