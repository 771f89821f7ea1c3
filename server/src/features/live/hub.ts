import { LIVE_CLOSE } from '@rigshare/domain';
import type { WebSocket } from 'ws';
import type { SessionEndReason, SessionsEnded } from '../../events';
import { eventFrame, mayReceive, type Caller, type EventRow } from './audience';

/** The protocol's close codes (libs/domain/src/live.ts), and the standard one for a malformed first frame. */
export const CLOSE = { sessionEnded: LIVE_CLOSE.sessionEnded, tooManyConnections: LIVE_CLOSE.tooMany, serverRestarting: LIVE_CLOSE.restarting, badFrame: 1008 } as const;

export type EndReason = SessionEndReason | 'expired';

/** How long a channel remembers what its replay sent: longer than the dispatcher waits for a late id. */
const REPLAYED_MEMORY_MS = 60_000;

/**
 * One client's channel. Until its replay is sent it holds the events the dispatcher hands it, and for a
 * while after it skips those the replay sent, so an event committed around the replay is neither lost
 * nor sent twice.
 */
export class Channel {
  missedPings = 0;
  private held: EventRow[] | null = [];
  private replayed = new Set<number>();
  private expiry: NodeJS.Timeout | null = null;

  constructor(
    readonly socket: WebSocket,
    readonly caller: Caller,
  ) {}

  offer(row: EventRow): void {
    if (!mayReceive(this.caller, row) || this.replayed.has(row.id)) return;
    if (this.held) this.held.push(row);
    else this.socket.send(eventFrame(row));
  }

  /**
   * Sends the replay (or resync), then `ready`, then what arrived meanwhile and was not in the replay.
   * After a resync the held rows up to the replay's last id are left out: they committed before the
   * resync frame went, so the refetch it starts reads them.
   */
  finishReplay(replay: { rows: EventRow[] | null; lastId: number }, since: number | null): void {
    const { replayed } = this;
    if (replay.rows === null) this.socket.send('{"type":"resync"}');
    else for (const row of replay.rows) {
      replayed.add(row.id);
      this.socket.send(eventFrame(row));
    }
    this.socket.send(JSON.stringify({ type: 'ready', lastId: replay.lastId }));
    const held = this.held ?? [];
    this.held = null;
    const after = replay.rows === null ? replay.lastId : since;
    for (const row of held) if (!replayed.has(row.id) && (after === null || row.id > after)) this.socket.send(eventFrame(row));
    if (replayed.size > 0) setTimeout(() => (this.replayed = new Set()), REPLAYED_MEMORY_MS).unref();
  }

  /** Ends the channel when the session expires (timers cannot wait longer than ~24 days: re-armed). */
  endAt(expiresAt: number, now: () => number): void {
    const wait = expiresAt - now();
    if (wait <= 0) return this.end('expired');
    this.expiry = setTimeout(() => this.endAt(expiresAt, now), Math.min(wait, 2 ** 31 - 1));
    this.expiry.unref();
  }

  end(reason: EndReason): void {
    this.socket.send(JSON.stringify({ type: 'ended', reason }));
    this.socket.close(CLOSE.sessionEnded, reason);
  }

  dispose(): void {
    if (this.expiry) clearTimeout(this.expiry);
  }
}

/** The channels this instance holds, by member, and the delivery of events to them. */
export class LiveHub {
  private readonly all = new Set<Channel>();
  private readonly byMember = new Map<number, Set<Channel>>();
  private readonly staff = new Set<Channel>();

  constructor(private readonly connectionsPerMember: number) {}

  get size(): number {
    return this.all.size;
  }

  /** Open channels by kind (metrics): a member's and a staff member's; one caller with both tokens counts in both. */
  counts(): { member: number; staff: number } {
    let member = 0;
    for (const own of this.byMember.values()) member += own.size;
    return { member, staff: this.staff.size };
  }

  /** Adds a channel; false when its member holds the most channels allowed already. */
  admit(channel: Channel): boolean {
    const { memberId, staffRole } = channel.caller;
    if (memberId !== null) {
      const own = this.byMember.get(memberId) ?? new Set<Channel>();
      if (own.size >= this.connectionsPerMember) return false;
      own.add(channel);
      this.byMember.set(memberId, own);
    }
    if (staffRole !== null) this.staff.add(channel);
    this.all.add(channel);
    return true;
  }

  remove(channel: Channel): void {
    channel.dispose();
    this.all.delete(channel);
    this.staff.delete(channel);
    const { memberId } = channel.caller;
    const own = memberId === null ? undefined : this.byMember.get(memberId);
    own?.delete(channel);
    if (own?.size === 0) this.byMember.delete(memberId!);
  }

  deliver(rows: EventRow[]): void {
    for (const row of rows) {
      if (row.audience === 'session') this.endSessions(row);
      else for (const channel of this.candidates(row)) channel.offer(row);
    }
  }

  private candidates(row: EventRow): Iterable<Channel> {
    if (row.audience === 'member') return row.member_id === null ? [] : (this.byMember.get(row.member_id) ?? []);
    if (row.audience === 'staff') return this.staff;
    return this.all;
  }

  private endSessions(row: EventRow): void {
    const ended = JSON.parse(row.data) as SessionsEnded;
    if (ended.staffTokenHash !== undefined) {
      for (const channel of [...this.staff]) if (channel.caller.staffTokenHash === ended.staffTokenHash) channel.end(ended.reason);
      return;
    }
    const ends = (tokenHash: string | null) =>
      ended.tokenHash !== null ? tokenHash === ended.tokenHash : ended.keepTokenHash === null || tokenHash !== ended.keepTokenHash;
    for (const channel of [...(this.byMember.get(row.member_id ?? -1) ?? [])]) if (ends(channel.caller.tokenHash)) channel.end(ended.reason);
  }

  /** The staff sessions channels are open on. */
  staffSessions(): string[] {
    return [...this.staff].flatMap((channel) => (channel.caller.staffTokenHash === null ? [] : [channel.caller.staffTokenHash]));
  }

  /** Ends the staff channels whose session is no longer among `open` (idle past its time, or its staff member disabled). */
  endStaffChannelsExcept(open: Set<string>): void {
    for (const channel of [...this.staff]) if (channel.caller.staffTokenHash !== null && !open.has(channel.caller.staffTokenHash)) channel.end('expired');
  }

  /** Pings every channel; one that did not answer the last two pings is dropped. */
  ping(): void {
    for (const channel of this.all) {
      if (channel.missedPings >= 2) {
        channel.socket.terminate();
        continue;
      }
      channel.missedPings += 1;
      channel.socket.ping();
    }
  }

}
