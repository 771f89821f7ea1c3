import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/envelope';
import { paging } from '../../plugins/paging';
import { memberChainDeposits, usdtDepositInfo } from './deposits';

/** USDT (BEP20) recharge: the member's deposit address and terms, and their deposit records (host /api/assets). */
export async function chainDepositRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const db = deps.db.kysely;
  const auth = { preHandler: app.authenticate };

  app.get('/user/recharge/usdt', auth, async (request) =>
    ok(request, await usdtDepositInfo(db, deps.config.chain, request.member!.id, request.locale, deps.clock())),
  );

  app.get('/user/recharge/usdt/records', auth, async (request) =>
    ok(request, await memberChainDeposits(db, deps.config.chain, request.member!.id, paging(request.query), request.locale)),
  );
}
