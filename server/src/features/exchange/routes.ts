import type { FastifyInstance } from 'fastify';
import { translate } from '../../i18n';
import { field, ok } from '../../plugins/envelope';
import { exchangeStatus, redeemExchange } from './service';

/** The member's one exchange (host /api/assets). */
export async function exchangeRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const auth = { preHandler: app.authenticate };

  app.post('/exchange/redeem', auth, async (request) => {
    const redeemed = await redeemExchange(deps, request.member!.id, { code: field(request.body, 'code'), requestId: field(request.body, 'requestId') });
    return ok(request, redeemed, translate(request.locale, 'exchangeSuccessful'));
  });

  app.get('/exchange/status', auth, async (request) => ok(request, await exchangeStatus(deps.db.kysely, request.member!.id)));
}
