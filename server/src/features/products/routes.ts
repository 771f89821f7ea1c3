import { catalogueSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { publicBase } from '../files';
import { listProducts, productDetail } from './service';

/** Read-only product catalogue (host /api/orders). */
export async function productRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const db = app.deps.db.kysely;

  app.get('/product/list', { schema: schemas.productList }, async (request) =>
    ok(request, await listProducts(db, request.query, publicBase(app, request))),
  );

  app.get('/product/detail', { schema: schemas.productDetail }, async (request) => {
    const id = request.query.id;
    const card = await productDetail(db, id, publicBase(app, request));
    if (!card) throw new AppError(404, 'productNotFound');
    return ok(request, card);
  });
}
