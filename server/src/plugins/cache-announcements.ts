import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import type { AnnouncedCache } from '../caches/announced-cache';
import type { ProfileChange } from '../caches/profile-cache';
import type { Revocation } from '../caches/session-cache';

/** One cache the fleet keeps correct by announcements, on its own Redis channel. */
interface Channel<Change> {
  name: string;
  cache: AnnouncedCache<unknown, unknown, Change>;
  /** The message's fields as a change, or null when they are not one. */
  parse: (value: Record<string, unknown>) => Change | null;
  /** What a message is, for the log. */
  what: string;
  /** The setting that bounds what an instance that missed one may go on using. */
  bound: string;
}

/**
 * With REDIS_URL set, the API instances of a fleet tell each other what they changed that the others may
 * keep in memory: the sessions they revoked (caches/session-cache.ts), so no instance goes on
 * reading with a token logged out through another, and the members whose profile changed
 * (caches/profile-cache.ts), so no instance shows a member the profile from before their own change. One
 * channel each, on one subscription. An instance keeps nothing in either cache while it is not
 * subscribed (connecting, or Redis unreachable), as it could miss an announcement then: every request
 * reads the database, as before the caches.
 */
export async function registerCacheAnnouncements(app: FastifyInstance): Promise<void> {
  const { config, sessionCache, profileCache, log } = app.deps;
  if (!config.redisUrl) return;
  // Fails at once while Redis is down instead of queueing: the other instances do not cache then either.
  const publisher = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const subscriber = new Redis(config.redisUrl, { autoResubscribe: false });
  publisher.on('error', () => undefined); // the rate limits' connection already logs Redis outages
  subscriber.on('error', () => undefined);

  const channels = [
    wire<Revocation>({ name: 'session-revocations', cache: sessionCache, parse: parseRevocation, what: 'session revocation', bound: 'SESSION_CACHE_SECONDS' }),
    wire<ProfileChange>({ name: 'profile-changes', cache: profileCache, parse: parseProfileChange, what: 'profile change', bound: 'PROFILE_CACHE_SECONDS' }),
  ];
  /** Announces this instance's changes on the channel; returns what hears the other instances'. */
  function wire<Change>(c: Channel<Change>) {
    const name = `${config.redisPrefix}${c.name}`;
    c.cache.announce = async (change) => {
      try {
        await publisher.publish(name, JSON.stringify(change));
      } catch (error) {
        log.warn({ err: error }, `A ${c.what} was not announced: other instances may use what they kept for ${c.bound}`);
      }
    };
    const hear = (message: string) => {
      const change = parse(message, c.parse);
      if (change) c.cache.drop(change);
      else log.warn({ message }, `Ignored a malformed ${c.what}`);
    };
    return { name, cache: c.cache, hear };
  }

  const suspend = () => channels.forEach((c) => c.cache.suspend());
  suspend();
  subscriber.on('close', suspend);
  subscriber.on('ready', () => {
    subscriber.subscribe(...channels.map((c) => c.name)).then(
      () => channels.forEach((c) => c.cache.resume()),
      (error) => log.warn({ err: error }, 'Not subscribed to cache announcements: sessions and profiles are read from the database on every request'),
    );
  });
  subscriber.on('message', (name: string, message: string) => channels.find((c) => c.name === name)?.hear(message));
  app.addHook('onClose', async () => {
    for (const c of channels) c.cache.announce = null;
    publisher.disconnect();
    subscriber.disconnect();
  });
}

function parse<Change>(message: string, fields: (value: Record<string, unknown>) => Change | null): Change | null {
  try {
    const value: unknown = JSON.parse(message);
    return typeof value === 'object' && value !== null ? fields(value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isMemberId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

function parseRevocation({ tokenHash, memberId }: Record<string, unknown>): Revocation | null {
  if (typeof tokenHash === 'string' && /^[0-9a-f]{64}$/.test(tokenHash)) return { tokenHash };
  if (isMemberId(memberId)) return { memberId };
  return null;
}

function parseProfileChange({ memberId }: Record<string, unknown>): ProfileChange | null {
  return isMemberId(memberId) ? { memberId } : null;
}
