import { walletSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { translate } from '../../i18n';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { exchangeStatus, redeemExchange } from './service';

/** The member's one exchange (host /api/assets). */
export async function exchangeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const auth = { preHandler: app.authenticate };

  app.post('/exchange/redeem', { ...auth, schema: schemas.exchangeRedeem }, async (request) => {
    const redeemed = await redeemExchange(deps, request.member!.id, { code: request.body.code, requestId: request.body.requestId });
    return ok(request, redeemed, translate(request.locale, 'exchangeSuccessful'));
  });

  app.get('/exchange/status', { ...auth, schema: schemas.exchangeStatus }, async (request) => ok(request, await exchangeStatus(deps.db.kysely, request.member!.id)));
}
