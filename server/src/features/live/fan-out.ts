import Redis from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Across a fleet (REDIS_URL set): an instance that read new events announces the highest id on one Redis
 * channel, and every instance that hears it reads the events table itself (by id, so nothing rests on
 * the message arriving). Without Redis, one instance: nothing to announce.
 */
export interface FanOut {
  announce(lastId: number): void;
  close(): Promise<void>;
}

export function redisFanOut(url: string, channelName: string, hear: () => void, log: FastifyBaseLogger): FanOut {
  // Fails at once while Redis is down instead of queueing: each instance still polls (LIVE_POLL_MS).
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const subscriber = new Redis(url);
  publisher.on('error', () => undefined); // the rate limits' connection already logs Redis outages
  subscriber.on('error', () => undefined);
  subscriber.on('message', (channel) => channel === channelName && hear());
  // Subscribed (again, after an outage): read what may have been announced meanwhile.
  subscriber.on('ready', () => hear());
  subscriber.subscribe(channelName).catch((error: unknown) => log.warn({ err: error }, 'live events: not subscribed to Redis yet; instances poll meanwhile'));
  return {
    announce(lastId) {
      publisher.publish(channelName, String(lastId)).catch(() => undefined);
    },
    async close() {
      subscriber.disconnect();
      if (publisher.status === 'ready') await publisher.quit();
      else publisher.disconnect();
    },
  };
}

export const IN_PROCESS: FanOut = { announce: () => undefined, close: async () => undefined };
