import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../../errors';
import { BatchQueue } from '../../batch-queue';
import type { CachedSession } from '../../caches/session-cache';
import { findLiveSessions, type LiveSession } from './sessions';
import { sha256 } from '../../security/random';

/** Reads may use a session looked up a few seconds ago (caches/session-cache.ts); nothing else does. */
const READS = new Set(['GET', 'HEAD']);

/**
 * The most sessions one query looks up. Lookups that arrive while one runs go together in the next
 * (src/batch-queue.ts): every write looks its session up, and under load one query then serves many.
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
  // Callback hooks, not async ones: a read whose session is kept (the common case) goes on without a
  // promise and the microtasks Fastify spends waiting for one.
  app.decorate('authenticate', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const header = request.headers['x-access-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) return done(new AppError(401, 'sessionExpired'));
    const tokenHash = sha256(token);
    const admit = (session: CachedSession | null) => {
      if (!session) return done(new AppError(401, 'sessionExpired'));
      request.member = { id: session.userId, tokenHash, frozen: session.frozen };
      done();
    };
    const { clock, sessionCache } = app.deps;
    const now = clock().getTime();
    const kept = READS.has(request.method) ? sessionCache.get(tokenHash, now) : undefined;
    if (kept) return admit(kept);
    lookUpSession(app, lookups, tokenHash, now).then(admit, done);
  });
  app.decorate('refuseFrozen', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    done(request.member?.frozen ? new AppError(403, 'accountFrozen') : undefined);
  });
}

/** The session as the database has it now, kept for the reads that follow. */
async function lookUpSession(app: FastifyInstance, lookups: BatchQueue<string, LiveSession | null>, tokenHash: string, now: number): Promise<CachedSession | null> {
  const { sessionCache } = app.deps;
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
