import { LIVE_AUTH_TIMEOUT_MS } from '@rigshare/domain';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { findLiveSession } from '../accounts';
import { touchStaffSession } from '../staff';
import { sha256 } from '../../security/random';
import type { AppDeps } from '../../types';
import type { Caller } from './audience';
import { Channel, CLOSE, type EndReason, type LiveHub } from './hub';
import { missedEvents } from './replay';


/** The client's first frame (docs/architecture.md, "Live channel"). */
interface AuthFrame {
  token: string | null;
  staffToken: string | null;
  since: number | null;
}

function parseAuthFrame(raw: string): AuthFrame | null {
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof frame !== 'object' || frame === null || (frame as { type?: unknown }).type !== 'auth') return null;
  const { token = null, staffToken = null, since = null } = frame as Record<string, unknown>;
  const text = (v: unknown): v is string | null => v === null || (typeof v === 'string' && v.length > 0 && v.length <= 200);
  if (!text(token) || !text(staffToken)) return null;
  if (since !== null && !(Number.isSafeInteger(since) && (since as number) >= 0)) return null;
  return { token, staffToken, since: since as number | null };
}

/** Who the tokens belong to, checked as the REST hooks check them, or why they are refused. */
async function identify(deps: AppDeps, frame: AuthFrame): Promise<{ caller: Caller; expiresAt: number | null } | { refused: EndReason }> {
  const { db, clock, config } = deps;
  const now = clock();
  const caller: Caller = { memberId: null, tokenHash: null, staffRole: null, staffTokenHash: null };
  let expiresAt: number | null = null;
  if (frame.token !== null) {
    const tokenHash = sha256(frame.token);
    const session = await findLiveSession(db.kysely, tokenHash, now);
    if (!session) return { refused: 'expired' };
    if (session.frozen_at !== null) return { refused: 'frozen' };
    Object.assign(caller, { memberId: session.user_id, tokenHash });
    expiresAt = Date.parse(session.expires_at);
  }
  if (frame.staffToken !== null) {
    const staffTokenHash = sha256(frame.staffToken);
    const staff = await touchStaffSession(db.kysely, staffTokenHash, now, config.staff.idleMinutes);
    if (!staff) return { refused: 'expired' };
    Object.assign(caller, { staffRole: staff.role, staffTokenHash });
  }
  return { caller, expiresAt };
}

/** Why a channel was refused, for the metrics: no valid auth frame or session, or its member's limit. */
export type Refusal = 'auth' | 'limit';

/** Serves one WebSocket of GET /api/live: the auth frame, the replay, then events until it closes. */
export function serveChannel(deps: AppDeps, hub: LiveHub, socket: WebSocket, request: FastifyRequest, refused: (reason: Refusal) => void = () => {}): void {
  const waiting = setTimeout(() => {
    refused('auth');
    socket.close(CLOSE.sessionEnded, 'no auth');
  }, LIVE_AUTH_TIMEOUT_MS);
  let channel: Channel | null = null;
  socket.on('close', () => {
    clearTimeout(waiting);
    if (channel) hub.remove(channel);
  });
  socket.on('pong', () => {
    if (channel) channel.missedPings = 0;
  });
  socket.once('message', (raw) => {
    clearTimeout(waiting);
    const frame = parseAuthFrame(String(raw));
    if (!frame) {
      refused('auth');
      return socket.close(CLOSE.badFrame, 'expected an auth frame');
    }
    open(frame).catch((error: unknown) => {
      request.log.error({ err: error }, 'live channel failed to open');
      socket.close(1011, 'server error');
    });
  });

  async function open(frame: AuthFrame): Promise<void> {
    const who = await identify(deps, frame);
    if (socket.readyState !== socket.OPEN) return;
    if ('refused' in who) {
      refused('auth');
      socket.send(JSON.stringify({ type: 'ended', reason: who.refused }));
      return socket.close(CLOSE.sessionEnded, who.refused);
    }
    const opened = new Channel(socket, who.caller);
    if (!hub.admit(opened)) {
      refused('limit');
      return socket.close(CLOSE.tooManyConnections, 'too many connections');
    }
    channel = opened;
    if (who.expiresAt !== null) opened.endAt(who.expiresAt, () => deps.clock().getTime());
    // Admitted first, so what commits during the replay is held by the channel, not missed.
    const replay = await missedEvents(deps.db.kysely, who.caller, frame.since);
    if (socket.readyState !== socket.OPEN) return;
    opened.finishReplay({ rows: replay.kind === 'resync' ? null : replay.rows, lastId: replay.lastId }, frame.since);
  }
}
