import { catalogueSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { publicBase } from '../files';
import { sellBack, sellBackQuote } from './sell-back';
import { orderById } from './views';

/** Selling an order back (SPEC.md's app/financial/sellFinancial, host /api/user like the other app/... routes). */
export async function sellBackRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;

  app.get('/app/financial/sellQuote', { preHandler: app.authenticate, schema: schemas.sellBackQuote }, async (request) => {
    const quote = await sellBackQuote(deps.db.kysely, request.member!.id, request.query.orderId, deps.clock());
    return ok(request, { ...quote, paid: quote.paid.toString(), amount: quote.amount.toString() });
  });

  // As a purchase: a frozen member cannot; no fund password, as the money goes into the member's own balance.
  app.post('/app/financial/sellFinancial', { preHandler: [app.authenticate, app.refuseFrozen], schema: schemas.sellBack }, async (request) => {
    const userId = request.member!.id;
    const { orderId } = request.body;
    await sellBack(deps.db, userId, orderId, BigInt(request.body.amount), deps.clock());
    const order = await orderById(deps.db.kysely, userId, orderId, publicBase(app, request));
    if (!order) throw new AppError(404, 'orderNotFound');
    return ok(request, order, translate(request.locale, 'sellBackDone'));
  });
}
