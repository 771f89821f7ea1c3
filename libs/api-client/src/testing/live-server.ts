import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import type { LiveAuthFrame, LiveServerFrame } from '@rigshare/domain';
import { LiveConnection, type LiveConnectionOptions, type LiveSocket } from '../live/live-connection';
import { live } from '../live/live-hub';

/**
 * For tests: a real WebSocket server standing in for the API's `/api/live` (the `ws` package), so the
 * page's connection runs as in a browser and only the server's frames are the test's.
 */
export interface LiveTestServer {
  /** `ws://127.0.0.1:<port>/api/live` */
  url: string;
  /** Every auth frame received, in order (one per connection that authenticated). */
  auths: LiveAuthFrame[];
  /** Resolves once `count` connections have authenticated (counting from the server's start). */
  authenticated(count: number): Promise<void>;
  /** Sends frames to the newest connection. */
  send(...frames: LiveServerFrame[]): void;
  /** Closes the newest connection with `code`, as the server does. */
  drop(code: number): void;
  close(): Promise<void>;
}

export async function startLiveServer(): Promise<LiveTestServer> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/api/live' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const auths: LiveAuthFrame[] = [];
  const sockets: WebSocket[] = [];
  let waiters: { count: number; resolve: () => void }[] = [];
  server.on('connection', (socket) => {
    socket.once('message', (raw) => {
      auths.push(JSON.parse(String(raw)) as LiveAuthFrame);
      sockets.push(socket);
      waiters = waiters.filter((waiter) => (auths.length >= waiter.count ? (waiter.resolve(), false) : true));
    });
  });
  const newest = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no connection has authenticated');
    return socket;
  };
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/live`,
    auths,
    authenticated: (count) => (auths.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
    send: (...frames) => frames.forEach((frame) => newest().send(JSON.stringify(frame))),
    drop: (code) => newest().close(code),
    close: () =>
      new Promise((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

/**
 * The page's connection as the shell opens it (events to `live`, its connected state too), to the
 * test server. Its socket is the `ws` package's client: in jsdom under msw, the page's WebSocket
 * never reaches a real server.
 */
export function connectPageToLive(server: LiveTestServer, options: Partial<LiveConnectionOptions> = {}): LiveConnection {
  const connection = new LiveConnection({
    url: server.url,
    credentials: () => ({ token: 'member-token', staffToken: null }),
    onEvent: (event) => live.deliver(event),
    onConnectedChange: (connected) => live.setConnected(connected),
    onResync: () => undefined,
    onSessionEnded: () => undefined,
    createSocket: (url) => new WebSocket(url) as unknown as LiveSocket,
    ...options,
  });
  connection.start();
  return connection;
}
