import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { findLiveSession } from '../features/accounts';
import { sha256 } from '../security/random';

/**
 * `app.authenticate`: the preHandler of protected routes; sets request.member or answers 401.
 * `app.refuseFrozen`: after it, on the routes a frozen member may not use (buy, withdraw, post): 403.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('member', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers['x-access-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw new AppError(401, 'sessionExpired');
    const tokenHash = sha256(token);
    const session = await findLiveSession(app.deps.db.kysely, tokenHash, app.deps.clock());
    if (!session) throw new AppError(401, 'sessionExpired');
    request.member = { id: session.user_id, tokenHash, frozen: session.frozen_at !== null };
  });
  app.decorate('refuseFrozen', async (request: FastifyRequest) => {
    if (request.member?.frozen) throw new AppError(403, 'accountFrozen');
  });
}
