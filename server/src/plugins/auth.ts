import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { BatchQueue } from '../batch-queue';
import { findLiveSessions, type CachedSession, type LiveSession } from '../features/accounts';
import { sha256 } from '../security/random';

/** Reads may use a session looked up a few seconds ago (features/accounts/session-cache.ts); nothing else does. */
const READS = new Set(['GET', 'HEAD']);

/**
 * The most sessions one query looks up. Lookups that arrive while one runs go together in the next
 * (batch-queue.ts): every write looks its session up, and under load one query then serves many.
 */
const SESSION_LOOKUP_BATCH_MAX = 64;

/**
 * `app.authenticate`: the preHandler of protected routes; sets request.member or answers 401.
 * `app.refuseFrozen`: after it, on the routes a frozen member may not use (buy, withdraw, post): 403.
 */
export function registerAuth(app: FastifyInstance): void {
  const lookups = new BatchQueue<string, LiveSession | null>(async (tokenHashes) => {
    const found = await findLiveSessions(app.deps.db.kysely, tokenHashes, app.deps.clock());
    return tokenHashes.map((tokenHash) => ({ ok: true, value: found.get(tokenHash) ?? null }));
  }, SESSION_LOOKUP_BATCH_MAX);
  app.decorateRequest('member', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers['x-access-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw new AppError(401, 'sessionExpired');
    const tokenHash = sha256(token);
    const session = await liveSession(app, lookups, tokenHash, READS.has(request.method));
    if (!session) throw new AppError(401, 'sessionExpired');
    request.member = { id: session.userId, tokenHash, frozen: session.frozen };
  });
  app.decorate('refuseFrozen', async (request: FastifyRequest) => {
    if (request.member?.frozen) throw new AppError(403, 'accountFrozen');
  });
}

async function liveSession(
  app: FastifyInstance,
  lookups: BatchQueue<string, LiveSession | null>,
  tokenHash: string,
  read: boolean,
): Promise<CachedSession | null> {
  const { clock, sessionCache } = app.deps;
  const now = clock().getTime();
  if (read) {
    const cached = sessionCache.get(tokenHash, now);
    if (cached) return cached;
  }
  const startedAt = sessionCache.lookupStarted();
  // A lookup queued behind another runs later, never earlier, than this point: as fresh or fresher.
  const row = await lookups.submit(tokenHash);
  if (!row) {
    sessionCache.discard(tokenHash);
    return null;
  }
  const session = { userId: row.user_id, expiresAt: Date.parse(row.expires_at), frozen: row.frozen_at !== null };
  sessionCache.store(tokenHash, session, now, startedAt);
  return session;
}
