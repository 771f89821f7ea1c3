import { walletSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { memberChainDeposits, usdtDepositInfo } from './deposits';

/** USDT (BEP20) recharge: the member's deposit address and terms, and their deposit records (host /api/assets). */
export async function chainDepositRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const db = deps.db.kysely;
  const auth = { preHandler: app.authenticate };

  app.get('/user/recharge/usdt', { ...auth, schema: schemas.usdtInfo }, async (request) =>
    ok(request, await usdtDepositInfo(db, deps.config.chain, request.member!.id, request.locale, deps.clock())),
  );

  app.get('/user/recharge/usdt/records', { ...auth, schema: schemas.usdtRecords }, async (request) =>
    ok(request, await memberChainDeposits(db, deps.config.chain, request.member!.id, request.query, request.locale)),
  );
}
