import { LIVE_CLOSE, type LiveAuthFrame, type LiveEventFrame, type LiveServerFrame } from '@rigshare/domain';

/**
 * One tab's WebSocket to `/api/live` (docs/architecture.md, "Live channel"): authenticates in its
 * first frame, resumes after the last event it processed, reconnects with exponential backoff and
 * full jitter, and stops for good when the server says the session ended.
 */

/** The first reconnect waits up to 0.5 s, each next one up to twice as long, never more than 30 s. */
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before reconnect attempt `attempt` (0 for the first): anywhere from 0 to the
 * doubled ceiling ("full jitter"), so phones dropped together by one restart do not return together.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** How many handled event ids a tab remembers, to skip what a replay sends again. */
const HANDLED_IDS_KEPT = 1_000;

export type SessionEndReason = Extract<LiveServerFrame, { type: 'ended' }>['reason'];

/** The part of the browser's WebSocket this uses (the `ws` package's client has it too). */
export interface LiveSocket {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface LiveConnectionOptions {
  url: string;
  /** The tokens to authenticate with, read at each (re)connect. */
  credentials(): Pick<LiveAuthFrame, 'token' | 'staffToken'>;
  onEvent(event: LiveEventFrame): void;
  /** Events flow (true) or not (false): screens poll while not. */
  onConnectedChange(connected: boolean): void;
  /** The server no longer has what was missed: refetch everything shown. */
  onResync(): void;
  /** The session is over (ended elsewhere, frozen, refused): no reconnecting with it. */
  onSessionEnded(reason: SessionEndReason): void;
  createSocket?: (url: string) => LiveSocket;
  random?: () => number;
}

export class LiveConnection {
  private socket: LiveSocket | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private lastId: number | null = null;
  /** The ids of the events handled lately, oldest first. */
  private readonly handled = new Set<number>();
  private connected = false;
  private stopped = true;

  constructor(private readonly options: LiveConnectionOptions) {}

  /** The newest event id processed: sent as `since` on the next connect. */
  get lastEventId(): number | null {
    return this.lastId;
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.clearRetry();
    this.dropSocket();
    this.setConnected(false);
  }

  /**
   * Starts over with the credentials as they are now (a member logged in or out): events are per
   * session, so there is nothing to resume.
   */
  restart(): void {
    this.stop();
    this.lastId = null;
    this.handled.clear();
    this.attempt = 0;
    this.start();
  }

  private open(): void {
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as LiveSocket);
    let socket: LiveSocket;
    try {
      socket = create(this.options.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const frame: LiveAuthFrame = { type: 'auth', ...this.options.credentials(), since: this.lastId };
      socket.send(JSON.stringify(frame));
    };
    socket.onmessage = (message) => this.receive(message.data);
    socket.onerror = () => undefined;
    socket.onclose = ({ code }) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setConnected(false);
      if (this.stopped) return;
      if (code === LIVE_CLOSE.sessionEnded) this.endSession('expired');
      else this.scheduleRetry();
    };
  }

  private receive(raw: unknown): void {
    let frame: LiveServerFrame;
    try {
      frame = JSON.parse(String(raw)) as LiveServerFrame;
    } catch {
      return;
    }
    switch (frame.type) {
      case 'event':
        // A replay may overlap what was already handled. Ids are not always increasing: an event whose
        // transaction committed late arrives after higher ids, and still counts.
        if (this.handled.has(frame.id)) return;
        this.remember(frame.id);
        this.lastId = Math.max(this.lastId ?? 0, frame.id);
        this.options.onEvent(frame);
        return;
      case 'resync':
        this.lastId = null;
        this.options.onResync();
        return;
      case 'ready':
        this.lastId = Math.max(this.lastId ?? 0, frame.lastId);
        this.attempt = 0;
        this.setConnected(true);
        return;
      case 'ended':
        this.endSession(frame.reason);
        return;
    }
  }

  private remember(id: number): void {
    this.handled.add(id);
    if (this.handled.size > HANDLED_IDS_KEPT) this.handled.delete(this.handled.values().next().value!);
  }

  private endSession(reason: SessionEndReason): void {
    if (this.stopped) return;
    this.stop();
    this.options.onSessionEnded(reason);
  }

  private scheduleRetry(): void {
    this.clearRetry();
    const delay = reconnectDelay(this.attempt++, this.options.random);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = null;
    // Closing a socket still connecting throws in some browsers; it is dropped either way.
    try {
      socket.close(1000);
    } catch {
      /* already closed */
    }
  }

  private setConnected(connected: boolean): void {
    if (connected === this.connected) return;
    this.connected = connected;
    this.options.onConnectedChange(connected);
  }
}
