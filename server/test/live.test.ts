import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { buildApp } from '../src/app';
import { pruneEvents } from '../src/features/live';
import { Channel } from '../src/features/live/hub';
import {
  MANY_MEMBERS,
  STAFF_CONFIG,
  describeWithRedis,
  ownRedisPrefix,
  post,
  signedInMember,
  staffSession,
  startApp,
  testDatabases,
  TEST_REDIS_URL,
  type TestContext,
  type TestMember,
} from './helpers';

/**
 * The live channel, GET /api/live (docs/architecture.md, "Live channel"), against the real server and
 * database: what each caller receives, resuming, and when the channel closes.
 */

interface Frame {
  type: string;
  id?: number;
  topic?: string;
  data?: Record<string, unknown>;
  lastId?: number;
  reason?: string;
}

/** One client of the channel: every frame it received, in order, and how it closed. */
class LiveClient {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => this.frames.push(JSON.parse(String(raw)) as Frame));
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static async open(app: FastifyInstance, auth: { token?: string | null; staffToken?: string | null; since?: number | null }): Promise<LiveClient> {
    const client = new LiveClient(await app.injectWS('/api/live'));
    client.socket.send(JSON.stringify({ type: 'auth', token: auth.token ?? null, staffToken: auth.staffToken ?? null, since: auth.since ?? null }));
    return client;
  }

  /** Waits until a frame passes `match` (2 s at most), returns it. */
  async next(match: (frame: Frame) => boolean, ms = 2000): Promise<Frame> {
    const until = Date.now() + ms;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (Date.now() > until) throw new Error(`No such frame within ${ms} ms; received ${JSON.stringify(this.frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  ready(): Promise<Frame> {
    return this.next((f) => f.type === 'ready');
  }

  events(topic?: string): Frame[] {
    return this.frames.filter((f) => f.type === 'event' && (topic === undefined || f.topic === topic));
  }

  close(): void {
    this.socket.terminate();
  }
}

/** Staff's message to one member, through the console. */
async function message(ctx: TestContext, staff: Record<string, string>, member: TestMember, title: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/admin/content/push', headers: staff, payload: { to: `id:${member.id}`, title, content: `${title}.` } });
  expect(res.json()).toMatchObject({ code: 200 });
}

const CONFIG = { ...MANY_MEMBERS, ...STAFF_CONFIG };

describe.each(testDatabases())('the live channel on %s', (_name, database) => {
  let ctx: TestContext;
  let content: Record<string, string>;
  const clients: LiveClient[] = [];
  const open = async (...args: Parameters<typeof LiveClient.open> extends [unknown, ...infer R] ? R : never) => {
    const client = await LiveClient.open(ctx.app, ...args);
    clients.push(client);
    return client;
  };

  /** The member's tab receives staff's message, then closes: the event it saw last. */
  const lastEventSeen = async (member: TestMember, title: string) => {
    const tab = await open({ token: member.token });
    await tab.ready();
    await message(ctx, content, member, title);
    const seen = await tab.next((f) => f.topic === 'messages');
    tab.close();
    return seen;
  };

  beforeAll(async () => {
    ctx = await startApp(database, { ...CONFIG, live: { connectionsPerMember: 2, retentionHours: 24, pingMs: 25_000, pollMs: 60_000 } });
    content = await staffSession(ctx, 'live-content', 'content');
  });
  afterEach(() => clients.splice(0).forEach((c) => c.close()));
  afterAll(async () => ctx.close());

  it("gives a member their own events and never another member's", async () => {
    const asha = await signedInMember(ctx);
    const ravi = await signedInMember(ctx);
    const ashaLive = await open({ token: asha.token });
    const raviLive = await open({ token: ravi.token });
    await Promise.all([ashaLive.ready(), raviLive.ready()]);

    await message(ctx, content, asha, 'For Asha');
    await message(ctx, content, asha, 'Again for Asha');
    await message(ctx, content, ravi, 'For Ravi');

    expect((await ashaLive.next((f) => f.topic === 'messages' && f.data?.unread === 2)).data).toEqual({ unread: 2 });
    expect((await raviLive.next((f) => f.topic === 'messages')).data).toEqual({ unread: 1 });
    expect(ashaLive.events().map((e) => e.data)).toEqual([{ unread: 1 }, { unread: 2 }]);
    expect(raviLive.events().map((e) => e.data)).toEqual([{ unread: 1 }]);
  });

  it('sends a member who comes back exactly what they missed, in order, then the rest live', async () => {
    const asha = await signedInMember(ctx);
    const ravi = await signedInMember(ctx);
    const seen = await lastEventSeen(asha, 'Seen');

    await message(ctx, content, asha, 'Missed one');
    await message(ctx, content, ravi, 'Not hers');
    await message(ctx, content, asha, 'Missed two');

    const back = await open({ token: asha.token, since: seen.id });
    const ready = await back.ready();
    await message(ctx, content, asha, 'Live again');
    await back.next((f) => f.topic === 'messages' && f.data?.unread === 4);

    const missed = back.frames.slice(0, back.frames.indexOf(ready));
    expect(missed.map((f) => f.data)).toEqual([{ unread: 2 }, { unread: 3 }]);
    expect(missed[0]!.id!).toBeGreaterThan(seen.id!);
    expect(missed[1]!.id!).toBeGreaterThan(missed[0]!.id!);
    expect(ready.lastId).toBeGreaterThanOrEqual(missed[1]!.id!);
    const ids = back.events().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(back.events().map((e) => e.data)).toEqual([{ unread: 2 }, { unread: 3 }, { unread: 4 }]);
  });

  it('tells a client whose last id is older than the events kept to refetch', async () => {
    const asha = await signedInMember(ctx);
    const old = await lastEventSeen(asha, 'Long ago');
    const tab = await open({ token: asha.token });
    await tab.ready();
    await message(ctx, content, asha, 'Newer');
    await message(ctx, content, asha, 'Newest');
    // Both reached the open tab, so neither can reach the channel below while it replays.
    await tab.next((f) => f.topic === 'messages' && f.data?.unread === 3);
    // A day and more later the pruning has dropped all but the newest event.
    expect(await pruneEvents(ctx.db.kysely, new Date(ctx.clock().getTime() + 25 * 3_600_000))).toBeGreaterThan(0);

    const back = await open({ token: asha.token, since: old.id });
    await back.ready();
    expect(back.frames.map((f) => f.type)).toEqual(['resync', 'ready']);
  });

  it('closes the channel when the member logs out or is frozen, and refuses them afterwards', async () => {
    const asha = await signedInMember(ctx);
    const ravi = await signedInMember(ctx);
    const ashaLive = await open({ token: asha.token });
    const raviLive = await open({ token: ravi.token });
    await Promise.all([ashaLive.ready(), raviLive.ready()]);

    expect((await post(ctx.app, '/api/user/auth/logout', { token: asha.token }, { 'x-access-token': asha.token })).json().code).toBe(200);
    expect(await ashaLive.closed).toEqual({ code: 4401, reason: 'logout' });
    expect(ashaLive.frames.at(-1)).toEqual({ type: 'ended', reason: 'logout' });
    const support = await staffSession(ctx, `live-support-${ravi.id}`, 'support');
    const froze = await ctx.app.inject({ method: 'POST', url: `/admin/members/${ravi.id}/freeze`, headers: support, payload: { reason: 'Checking a report' } });
    expect(froze.json()).toMatchObject({ code: 200 });
    expect(await raviLive.closed).toEqual({ code: 4401, reason: 'frozen' });

    const again = await open({ token: asha.token });
    expect(await again.closed).toEqual({ code: 4401, reason: 'expired' });
    const frozen = await open({ token: ravi.token });
    expect(await frozen.closed).toEqual({ code: 4401, reason: 'frozen' });
  });

  it('refuses a member more channels than the limit', async () => {
    const asha = await signedInMember(ctx);
    const tabs = [await open({ token: asha.token }), await open({ token: asha.token })];
    await Promise.all(tabs.map((t) => t.ready()));
    const third = await open({ token: asha.token });
    expect(await third.closed).toMatchObject({ code: 4429 });
    tabs[0]!.close();
    await tabs[0]!.closed;
    await (await open({ token: asha.token })).ready();
  });

  it("shows staff the queues their role may see, with another's decision, never to members, until they log out", async () => {
    const author = await signedInMember(ctx);
    const other = await signedInMember(ctx);
    const reviewer = await staffSession(ctx, 'live-reviewer', 'content');
    const finance = await staffSession(ctx, 'live-finance', 'finance');
    const [contentLive, reviewerLive, financeLive, authorLive, otherLive] = [
      await open({ staffToken: content['x-access-token'] }),
      await open({ staffToken: reviewer['x-access-token'] }),
      await open({ staffToken: finance['x-access-token'] }),
      await open({ token: author.token }),
      await open({ token: other.token }),
    ];
    await Promise.all([contentLive, reviewerLive, financeLive, authorLive, otherLive].map((c) => c.ready()));

    expect((await post(ctx.app, '/api/comment/square/addText', { content: 'My first rig paid today' }, { 'x-access-token': author.token })).json().code).toBe(200);
    const added = await contentLive.next((f) => f.topic === 'queue');
    expect(added.data).toMatchObject({ queue: 'posts', change: 'added' });
    const postId = added.data!.id as number;
    expect((await ctx.app.inject({ method: 'POST', url: `/admin/posts/${postId}/pass`, headers: reviewer, payload: {} })).json()).toMatchObject({ code: 200 });

    // The other reviewer sees it leave the queue; the author learns the verdict.
    expect((await contentLive.next((f) => f.topic === 'queue' && f.data?.change === 'decided')).data).toEqual({ queue: 'posts', id: postId, change: 'decided' });
    expect((await authorLive.next((f) => f.topic === 'post')).data).toEqual({ id: postId, status: 'Passed' });
    await authorLive.next((f) => f.topic === 'messages');
    expect(reviewerLive.events('queue').map((e) => e.data?.change)).toEqual(['added', 'decided']);
    expect(financeLive.events()).toEqual([]);
    expect(authorLive.events('queue')).toEqual([]);
    expect(otherLive.events()).toEqual([]);

    // A staff member who logs out leaves no channel open on that session.
    expect((await ctx.app.inject({ method: 'DELETE', url: '/admin/session', headers: reviewer })).json()).toMatchObject({ code: 200 });
    expect(await reviewerLive.closed).toEqual({ code: 4401, reason: 'logout' });
    expect(contentLive.socket.readyState).toBe(contentLive.socket.OPEN);
  });

  it("ends a staff channel once its session has idled out, as the staff member's next request would be refused", async () => {
    const idle = await staffSession(ctx, 'live-idle', 'content');
    const busy = await staffSession(ctx, 'live-busy', 'content');
    const [idleLive, busyLive] = [await open({ staffToken: idle['x-access-token'] }), await open({ staffToken: busy['x-access-token'] })];
    await Promise.all([idleLive.ready(), busyLive.ready()]);

    await ctx.app.live.checkStaffSessions();
    expect(idleLive.socket.readyState).toBe(idleLive.socket.OPEN);

    // Only the busy one keeps working in the console meanwhile.
    ctx.advance((ctx.config.staff.idleMinutes - 1) * 60_000);
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/posts', headers: busy })).json()).toMatchObject({ code: 200 });
    ctx.advance(2 * 60_000);
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/posts', headers: idle })).statusCode).toBe(401);
    await ctx.app.live.checkStaffSessions();
    expect(await idleLive.closed).toEqual({ code: 4401, reason: 'expired' });
    expect(idleLive.frames.at(-1)).toEqual({ type: 'ended', reason: 'expired' });
    expect(busyLive.socket.readyState).toBe(busyLive.socket.OPEN);
    // The clock moved past every older staff session: the next tests' content staff signs in again.
    content = await staffSession(ctx, 'live-content-after-idle', 'content');
  });

  it('tells a member their balance changed, not again for a retried request, and no one else', async () => {
    const asha = await signedInMember(ctx);
    const ravi = await signedInMember(ctx);
    const finance = await staffSession(ctx, 'live-balance-finance', 'finance');
    const [ashaLive, raviLive] = [await open({ token: asha.token }), await open({ token: ravi.token })];
    await Promise.all([ashaLive.ready(), raviLive.ready()]);
    const credit = { member: asha.id, direction: 'credit', amount: '25', reason: 'Goodwill for a delayed payout', requestId: 'live-balance-credit-1' };
    expect((await ctx.app.inject({ method: 'POST', url: '/admin/money/adjustments', headers: finance, payload: credit })).json()).toMatchObject({ code: 200 });
    expect((await ashaLive.next((f) => f.topic === 'balance')).data).toEqual({});
    // Retried with the same request id, the adjustment moves nothing more, and tells nothing more.
    expect((await ctx.app.inject({ method: 'POST', url: '/admin/money/adjustments', headers: finance, payload: credit })).json()).toMatchObject({ code: 200 });
    await message(ctx, content, asha, 'After the credit');
    await ashaLive.next((f) => f.topic === 'messages');
    expect(ashaLive.events('balance')).toHaveLength(1);
    expect(raviLive.events()).toEqual([]);
  });

  it('refuses a page of another origin', async () => {
    await expect(ctx.app.injectWS('/api/live', { headers: { origin: 'https://elsewhere.example' } })).rejects.toThrow('403');
    const own = await LiveClient.open(ctx.app, {});
    clients.push(own);
    await own.ready();
  });
});

describe('a channel that opens while events are being delivered', () => {
  const member = { memberId: 7, tokenHash: 'session', staffRole: null, staffTokenHash: null };
  const event = (id: number) => ({ id, audience: 'member', member_id: 7, topic: 'balance', data: '{}' });
  const channelSending = () => {
    const sent: Frame[] = [];
    const socket = { send: (text: string) => sent.push(JSON.parse(text) as Frame) } as unknown as WebSocket;
    return { channel: new Channel(socket, member), sent };
  };

  it('sends what arrived during the replay once, after ready, and nothing the replay sent', () => {
    const { channel, sent } = channelSending();
    channel.offer(event(11));
    channel.offer(event(13));
    channel.finishReplay({ rows: [event(11), event(12)], lastId: 12 }, 10);
    channel.offer(event(12));
    channel.offer(event(14));
    expect(sent.map((f) => f.id ?? f.type)).toEqual([11, 12, 'ready', 13, 14]);
  });

  it('leaves out after a resync what committed before it, as the refetch it starts reads that', () => {
    const { channel, sent } = channelSending();
    channel.offer(event(40));
    channel.offer(event(52));
    channel.finishReplay({ rows: null, lastId: 50 }, 3);
    channel.offer(event(53));
    expect(sent.map((f) => f.id ?? f.type)).toEqual(['resync', 'ready', 52, 53]);
  });
});

describeWithRedis('the live channel across two API instances', () => {
  const [, sqlite] = testDatabases()[0]!;
  let first: TestContext;
  let second: FastifyInstance;
  let content: Record<string, string>;

  beforeAll(async () => {
    // Polling is off in effect (a minute): only the fan-out through Redis can bring the event in time.
    first = await startApp(sqlite, { ...CONFIG, redisUrl: TEST_REDIS_URL, redisPrefix: ownRedisPrefix(), live: { connectionsPerMember: 5, retentionHours: 24, pingMs: 25_000, pollMs: 60_000 } });
    second = await buildApp({ db: first.db, config: first.config, clock: first.clock });
    await second.ready();
    content = await staffSession(first, 'live-fleet-content', 'content');
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('delivers an event committed through one instance to a member connected to the other', async () => {
    const asha = await signedInMember(first);
    const live = await LiveClient.open(second, { token: asha.token });
    await live.ready();
    // The subscription may still be on its way: a message through the first instance until one arrives.
    for (let i = 1; live.events().length === 0 && i <= 20; i++) {
      await message(first, content, asha, `Hello ${i}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(live.events()[0]).toMatchObject({ topic: 'messages', data: { unread: 1 } });
    live.close();
  });

  it('closes the channels on the other instance when the member logs out through one', async () => {
    const asha = await signedInMember(first);
    const live = await LiveClient.open(second, { token: asha.token });
    await live.ready();
    expect((await post(first.app, '/api/user/auth/logout', { token: asha.token }, { 'x-access-token': asha.token })).json().code).toBe(200);
    expect(await live.closed).toEqual({ code: 4401, reason: 'logout' });
  });

  it('closes its channels with 1012 when an instance shuts down, so clients move to another', async () => {
    const third = await buildApp({ db: first.db, config: first.config, clock: first.clock });
    await third.ready();
    const asha = await signedInMember(first);
    const live = await LiveClient.open(third, { token: asha.token });
    await live.ready();
    await third.close();
    expect(await live.closed).toMatchObject({ code: 1012 });
  });
});
