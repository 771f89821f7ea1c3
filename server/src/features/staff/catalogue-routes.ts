import { adminSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { exchangeRates, setExchangeRate } from '../income';
import { closeProduct, createProduct, editProduct, staffProducts } from '../products';
import { routeOf } from './guard';
import { actedBy, refusing } from './route-kit';

/**
 * /admin/products and /admin/rates: the machines on offer and the rates cash recharges convert at. The
 * services check the terms and write the audit rows; the same ones back product:* and rate:set.
 */
export function catalogueRoutes(fastify: FastifyInstance): void {
  const app = typed(fastify);
  const { deps } = app;
  const db = deps.db.kysely;
  const by = (request: Parameters<typeof actedBy>[0]) => ({ ...actedBy(request), at: deps.clock() });

  app.get(routeOf('products').url, { config: routeOf('products').config, schema: schemas.products }, async (request) => {
    return ok(request, await staffProducts(db, request.query));
  });
  app.post(routeOf('productCreate').url, { config: routeOf('productCreate').config, schema: schemas.productCreate }, async (request) =>
    ok(request, await refusing(() => createProduct(db, { terms: request.body, ...by(request) }))),
  );
  app.post(routeOf('productEdit').url, { config: routeOf('productEdit').config, schema: schemas.productEdit }, async (request) =>
    ok(request, await refusing(() => editProduct(db, { id: request.params.id, terms: request.body, ...by(request) }))),
  );
  app.post(routeOf('productClose').url, { config: routeOf('productClose').config, schema: schemas.productClose }, async (request) =>
    ok(request, await refusing(() => closeProduct(db, { id: request.params.id, reason: request.body.reason, ...by(request) }))),
  );

  app.get(routeOf('rates').url, { config: routeOf('rates').config, schema: schemas.rates }, async (request) => {
    // A handful of currencies: read whole.
    const rates = await exchangeRates(db, deps.clock(), deps.config.rateMaxAgeMs);
    const { pageNum, pageSize } = request.query;
    return ok(request, { total: rates.length, list: rates.slice((pageNum - 1) * pageSize, pageNum * pageSize) });
  });
  app.post(routeOf('rateSet').url, { config: routeOf('rateSet').config, schema: schemas.rateSet }, async (request) =>
    ok(request, await refusing(() => setExchangeRate(db, { ...request.body, ...by(request) }))),
  );
}
