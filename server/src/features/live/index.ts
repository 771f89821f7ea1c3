/** The live feature's public module: the channel GET /api/live and the delivery of events to it (docs/architecture.md, "Live channel"). */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EventDispatcher } from './dispatcher';
import { IN_PROCESS, redisFanOut } from './fan-out';
import { serveChannel } from './channel';
import { CLOSE, LiveHub } from './hub';
import { pruneEvents } from './replay';
import { openStaffSessions } from '../staff';

export { pruneEvents } from './replay';

const PRUNE_EVERY_MS = 10 * 60_000;
/** How long a closing peer may take to answer the server's close frame at shutdown. */
const CLOSE_ANSWER_WAIT_MS = 1000;
/** The frames a client sends are small: the auth frame only. */
const MAX_FRAME_BYTES = 4096;

declare module 'fastify' {
  interface FastifyInstance {
    /** The channels this instance holds and the reader of new events (tests read both). */
    live: { hub: LiveHub; dispatcher: EventDispatcher; checkStaffSessions: () => Promise<void> };
  }
}

/**
 * Registers GET /api/live on the app itself (its hooks see every request): after each write request the
 * instance reads the events it may have committed and announces them to the fleet; it also reads every
 * LIVE_POLL_MS for what jobs and the command line commit, pings the channels and prunes old events.
 * On close (SIGTERM) every channel is closed with 1012, so clients reconnect to another instance.
 */
export async function registerLive(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const { config } = deps;
  const hub = new LiveHub(config.live.connectionsPerMember);
  const { live: metrics, jobs } = app.metrics;
  metrics.countChannelsWith(() => hub.counts());
  const dispatcher = new EventDispatcher(deps.db.kysely, (rows) => {
    // The instances' own events (a catalogue change) go to what this instance keeps, never to a channel.
    if (rows.some((row) => row.audience === 'instance' && row.topic === 'catalogue')) deps.catalogueCache.drop({});
    hub.deliver(rows.filter((row) => row.audience !== 'instance'));
  });
  const fanOut = config.redisUrl ? redisFanOut(config.redisUrl, `${config.redisPrefix}live-events`, () => void read(), app.log) : IN_PROCESS;
  /**
   * A staff session ends after STAFF_IDLE_MINUTES without a request, which an open channel is not: each
   * ping round ends the channels on staff sessions that idled out (or whose staff member was disabled),
   * as their next request would be refused. Logouts end them at once (a `session` event).
   */
  async function checkStaffSessions(): Promise<void> {
    const sessions = hub.staffSessions();
    if (sessions.length === 0) return;
    const open = await openStaffSessions(deps.db.kysely, sessions, deps.clock(), config.staff.idleMinutes);
    hub.endStaffChannelsExcept(open);
  }
  app.decorate('live', { hub, dispatcher, checkStaffSessions });

  let lastAnnounced = 0;
  /** Reads new events; `polled`: the LIVE_POLL_MS timer's read, reported as the live_poll job. */
  async function read(polled = false): Promise<void> {
    try {
      const last = polled ? await jobs.run('live_poll', () => dispatcher.poke()) : await dispatcher.poke();
      if (last > lastAnnounced) {
        lastAnnounced = last;
        fanOut.announce(last);
      }
    } catch (error) {
      app.log.warn({ err: error }, 'live events: reading new events failed; the next poll tries again');
    }
  }

  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // Every socket, authenticated or not, is told to reconnect elsewhere; the close does not wait for
    // their answers, and a peer that has not answered within a second is cut off (ws would wait 30 s).
    preClose(done) {
      const sockets = [...app.websocketServer.clients];
      for (const socket of sockets) socket.close(CLOSE.serverRestarting, 'server restarting');
      setTimeout(() => sockets.forEach((socket) => socket.terminate()), CLOSE_ANSWER_WAIT_MS).unref();
      app.websocketServer.close();
      done();
    },
  });
  const allowedOrigins = new Set(config.corsOrigins);
  // A browser always sends Origin with a WebSocket: only the app's own origins may open one (as CORS allows them).
  const checkOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    const { origin } = request.headers;
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      metrics.refusals.inc({ reason: 'origin' });
      return reply.code(403).send({ code: 403, msg: 'Origin not allowed', data: null });
    }
  };
  app.get('/api/live', { websocket: true, onRequest: checkOrigin, schema: { hide: true } }, (socket, request) =>
    serveChannel(deps, hub, socket, request, (reason) => metrics.refusals.inc({ reason })),
  );

  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') void read();
    done();
  });

  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    // A database not migrated yet (the OpenAPI writer's) has no events: the first read starts instead.
    await dispatcher.start().catch((error: unknown) => app.log.warn({ err: error }, 'live events: not started; the first read tries again'));
    jobs.every('live_poll', config.live.pollMs);
    timers.push(setInterval(() => void read(true), config.live.pollMs));
    timers.push(
      setInterval(() => {
        hub.ping();
        checkStaffSessions().catch((error: unknown) => app.log.warn({ err: error }, 'live channel: checking staff sessions failed; the next round tries again'));
      }, config.live.pingMs),
    );
    timers.push(
      setInterval(() => {
        const cutoff = new Date(deps.clock().getTime() - config.live.retentionHours * 3_600_000);
        pruneEvents(deps.db.kysely, cutoff).catch((error: unknown) => app.log.warn({ err: error }, 'live events: pruning failed'));
      }, PRUNE_EVERY_MS),
    );
    timers.forEach((t) => t.unref());
  });
  app.addHook('onClose', async () => {
    timers.forEach((t) => clearInterval(t));
    await fanOut.close();
  });
}
