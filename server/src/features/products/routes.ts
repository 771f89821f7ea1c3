import { catalogueSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CachedCatalogueAnswer } from '../../caches/catalogue-cache';
import { AppError } from '../../errors';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { publicBase } from '../files';
import { listProducts, productDetail } from './service';

/**
 * Read-only product catalogue (host /api/orders). Both reads answer from the instance's catalogue cache
 * (caches/catalogue-cache.ts) with an ETag of what they show in the caller's language, and a 304 to a
 * caller that has it already (`If-None-Match`); caches must ask again each time (`no-cache`).
 */
export async function productRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const db = deps.db.kysely;

  app.get('/product/list', { schema: schemas.productList }, async (request, reply) => {
    const base = publicBase(app, request);
    const { pageNum, pageSize } = request.query;
    const answer = await deps.catalogueCache.answer(`list ${pageNum} ${pageSize} ${base}`, Date.now(), () => listProducts(db, request.query, base));
    return conditional(request, reply, answer);
  });

  app.get('/product/detail', { schema: schemas.productDetail }, async (request, reply) => {
    const base = publicBase(app, request);
    const id = request.query.id;
    const answer = await deps.catalogueCache.answer(`detail ${id} ${base}`, Date.now(), () => productDetail(db, id, base));
    if (!answer.data) throw new AppError(404, 'productNotFound');
    return conditional(request, reply, answer as CachedCatalogueAnswer<NonNullable<typeof answer.data>>);
  });
}

/** The answer, or a bodiless 304 when the caller's copy (its ETag) is this one. */
function conditional<T>(request: FastifyRequest, reply: FastifyReply, answer: CachedCatalogueAnswer<T>) {
  // The message is in the caller's language: one ETag per language, and shared caches keep one per Language header.
  const etag = `W/"${answer.digest}.${request.locale}"`;
  reply.header('ETag', etag).header('Cache-Control', 'no-cache').header('Vary', 'Language');
  const sent = request.headers['if-none-match'];
  if (sent && sent.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
  return ok(request, answer.data);
}
