import { LIVE_CLOSE, type LiveEventFrame } from '@rigshare/domain';
import { startLiveServer, type LiveTestServer } from '../testing/live-server';
import { LiveConnection, reconnectDelay, RECONNECT_MAX_MS, type LiveConnectionOptions, type SessionEndReason } from './live-connection';
import { live } from './live-hub';

const balanceEvent = (id: number): LiveEventFrame => ({ type: 'event', id, topic: 'balance', data: {} });
const until = async (condition: () => boolean, what: string) => {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5_000) throw new Error(`waited 5 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

let server: LiveTestServer;
let connection: LiveConnection | undefined;
beforeEach(async () => (server = await startLiveServer()));
afterEach(async () => {
  connection?.stop();
  await server.close();
});

/** A connection to the test server that reconnects at once (jitter 0) and records what it was told. */
function connect(options: Partial<LiveConnectionOptions> = {}) {
  const seen = { events: [] as number[], resyncs: 0, ended: [] as SessionEndReason[] };
  connection = new LiveConnection({
    url: server.url,
    credentials: () => ({ token: 'member-token', staffToken: null }),
    onEvent: (event) => seen.events.push(event.id),
    onConnectedChange: (connected) => live.setConnected(connected),
    onResync: () => seen.resyncs++,
    onSessionEnded: (reason) => seen.ended.push(reason),
    random: () => 0,
    ...options,
  });
  connection.start();
  return seen;
}

/** The server says ready (nothing to replay, `lastId` its newest), drops the connection, and the client is back. */
async function readyThenDropped(lastId: number, code: number) {
  await server.authenticated(1);
  server.send({ type: 'ready', lastId });
  await until(() => live.isConnected(), 'ready');
  server.drop(code);
  await server.authenticated(2);
}

describe('reconnect delays', () => {
  it('start at most 0.5 s, double each attempt up to 30 s, and may be anything from 0 up (full jitter)', () => {
    const ceilings = [0, 1, 2, 3, 6, 7, 20].map((attempt) => reconnectDelay(attempt, () => 0.999_999));
    expect(ceilings).toEqual([499, 999, 1_999, 3_999, 29_999, 29_999, 29_999]);
    expect(reconnectDelay(5, () => 0)).toBe(0);
    expect(reconnectDelay(3, () => 0.5)).toBe(2_000);
    for (let attempt = 0; attempt < 40; attempt++) expect(reconnectDelay(attempt)).toBeLessThan(RECONNECT_MAX_MS);
  });
});

describe('the live connection', () => {
  it('authenticates in its first frame, hands on the replay and counts as connected once ready', async () => {
    const seen = connect();
    await server.authenticated(1);
    expect(server.auths[0]).toEqual({ type: 'auth', token: 'member-token', staffToken: null, since: null });
    expect(live.isConnected()).toBe(false);
    server.send(balanceEvent(7), balanceEvent(8), { type: 'ready', lastId: 8 });
    await until(() => live.isConnected(), 'ready');
    expect(seen.events).toEqual([7, 8]);
  });

  it('resumes after the last event it processed when the server restarts, and skips what it already had', async () => {
    const seen = connect();
    await server.authenticated(1);
    server.send({ type: 'ready', lastId: 3 }, balanceEvent(4), balanceEvent(5));
    await until(() => seen.events.length === 2, 'two events');
    server.drop(LIVE_CLOSE.restarting);
    await until(() => !live.isConnected(), 'the drop');
    await server.authenticated(2);
    expect(server.auths[1].since).toBe(5);
    // The replay overlaps what was handled before the drop: each event reaches the screens once.
    server.send(balanceEvent(5), balanceEvent(6), { type: 'ready', lastId: 6 });
    await until(() => live.isConnected(), 'ready again');
    expect(seen.events).toEqual([4, 5, 6]);
  });

  it('hands on an event that committed late, after a higher id, and resumes after the highest', async () => {
    const seen = connect();
    await server.authenticated(1);
    server.send({ type: 'ready', lastId: 3 }, balanceEvent(4), balanceEvent(6), balanceEvent(5), balanceEvent(6));
    await until(() => seen.events.length === 3, 'three events');
    server.drop(LIVE_CLOSE.restarting);
    await server.authenticated(2);
    expect(server.auths[1].since).toBe(6);
    expect(seen.events).toEqual([4, 6, 5]);
  });

  it('starts from the newest id the server has when it had no events to replay', async () => {
    const seen = connect();
    await readyThenDropped(41, LIVE_CLOSE.tooMany);
    expect(server.auths[1].since).toBe(41);
    expect(seen.events).toEqual([]);
  });

  it('asks for everything to be read again on resync, then follows the events after it', async () => {
    const seen = connect();
    await readyThenDropped(10, LIVE_CLOSE.restarting);
    expect(server.auths[1].since).toBe(10);
    server.send({ type: 'resync' }, { type: 'ready', lastId: 900 }, balanceEvent(901));
    await until(() => seen.events.length === 1, 'the event after resync');
    expect(seen.resyncs).toBe(1);
    expect(seen.events).toEqual([901]);
  });

  it('stops for good when the session ended, with the server\'s reason', async () => {
    const seen = connect();
    await server.authenticated(1);
    server.send({ type: 'ready', lastId: 0 }, { type: 'ended', reason: 'password' });
    await until(() => seen.ended.length === 1, 'the end');
    server.drop(LIVE_CLOSE.sessionEnded);
    // With no delay between attempts, a reconnect would have come by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.ended).toEqual(['password']);
    expect(server.auths).toHaveLength(1);
    expect(live.isConnected()).toBe(false);
  });

  it('takes a refused session (closed with 4401, no reason) as ended too', async () => {
    const seen = connect();
    await server.authenticated(1);
    server.drop(LIVE_CLOSE.sessionEnded);
    await until(() => seen.ended.length === 1, 'the end');
    expect(seen.ended).toEqual(['expired']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.auths).toHaveLength(1);
  });

  it('keeps trying while the server is unreachable, and connects once it is back', async () => {
    const url = server.url;
    await server.close();
    const tries: number[] = [];
    connect({ url, random: () => (tries.push(tries.length), 0) });
    await until(() => tries.length >= 3, 'three tries');
    expect(live.isConnected()).toBe(false);
    connection!.stop();
    server = await startLiveServer();
    connect();
    await server.authenticated(1);
  });

  it('opens again with the new tokens and no resume after a login', async () => {
    let token = 'first';
    connect({ credentials: () => ({ token, staffToken: 'staff-token' }) });
    await server.authenticated(1);
    server.send({ type: 'ready', lastId: 12 });
    await until(() => live.isConnected(), 'ready');
    token = 'second';
    connection!.restart();
    await server.authenticated(2);
    expect(server.auths[1]).toEqual({ type: 'auth', token: 'second', staffToken: 'staff-token', since: null });
  });
});
