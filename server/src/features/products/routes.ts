import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { ok } from '../../plugins/envelope';
import { paging } from '../../plugins/paging';
import { publicBase } from '../files/routes';
import { listProducts, productDetail } from './service';

/** Read-only product catalogue (host /api/orders). */
export async function productRoutes(app: FastifyInstance): Promise<void> {
  const db = app.deps.db.kysely;

  app.get('/product/list', async (request) =>
    ok(request, await listProducts(db, paging(request.query), publicBase(app, request))),
  );

  app.get<{ Querystring: { id?: string } }>('/product/detail', async (request) => {
    const id = Number(request.query.id);
    if (!Number.isInteger(id) || id < 1) throw new AppError(400, 'badRequest');
    const card = await productDetail(db, id, publicBase(app, request));
    if (!card) throw new AppError(404, 'productNotFound');
    return ok(request, card);
  });
}
