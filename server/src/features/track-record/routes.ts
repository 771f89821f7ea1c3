import { trackRecordSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { orderTrackRecord, productTrackRecord } from './service';

/** What a product and a member's order actually paid (host /api/orders). */
export async function trackRecordRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;

  app.get('/product/trackRecord', { schema: schemas.productTrackRecord }, async (request) => {
    const record = await productTrackRecord(deps.db, request.query.id, deps.clock());
    if (!record) throw new AppError(404, 'productNotFound');
    return ok(request, record);
  });

  app.get('/mine/order/trackRecord', { preHandler: app.authenticate, schema: schemas.orderTrackRecord }, async (request) => {
    // Another member's order answers exactly like a missing one.
    const record = await orderTrackRecord(deps.db, request.member!.id, request.query.id, deps.clock());
    if (!record) throw new AppError(404, 'notFound');
    return ok(request, record);
  });
}
