import { catalogueSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import type { CouponState } from '@rigshare/domain';
import { couponSummary, memberCoupons, receivableCoupons, receiveCoupon, usableCoupons } from '../coupons';
import { publicBase } from '../files';
import { productAgreement } from '../products';
import { purchaseQueue } from './purchase-queue';
import { listOrders, orderById, orderDays, orderTotals, toOrderView } from './service';

/** Lease agreement, coupons and orders (host /api/orders). */
export async function orderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const db = deps.db.kysely;
  const auth = { preHandler: app.authenticate };
  const buy = purchaseQueue(deps.db);

  app.get('/product/agreement', { ...auth, schema: schemas.agreement }, async (request) => {
    const agreement = await productAgreement(db, request.query.id, request.locale, deps.config.operatorName);
    if (!agreement) throw new AppError(404, 'productNotFound');
    return ok(request, agreement);
  });

  app.get('/coupon/isOpen', { ...auth, schema: schemas.couponIsOpen }, async (request) => ok(request, { open: deps.config.couponsOpen }));

  app.get('/coupon/all', { ...auth, schema: schemas.couponAll }, async (request) => {
    const state: CouponState | null = request.query.state || null;
    return ok(request, await memberCoupons(db, request.member!.id, deps.clock(), request.query, state, request.locale));
  });

  // Without a productId: every coupon the member can still receive (the "Get coupons" page).
  app.get('/coupon/productCoupons', { ...auth, schema: schemas.productCoupons }, async (request) => {
    const productId = request.query.productId || null;
    return ok(request, await receivableCoupons(db, request.member!.id, productId, deps.clock(), request.locale));
  });

  app.get('/coupon/userProductCoupons', { ...auth, schema: schemas.userProductCoupons }, async (request) =>
    ok(request, await usableCoupons(db, request.member!.id, request.query.productId, deps.clock(), request.locale)),
  );

  app.get('/coupon/queryPruductCouponData', { ...auth, schema: schemas.couponSummary }, async (request) =>
    ok(request, await couponSummary(db, request.member!.id, request.query.productId, deps.clock(), request.locale)),
  );

  app.post('/coupon/receiveCoupon', { ...auth, schema: schemas.receiveCoupon }, async (request) =>
    ok(request, await receiveCoupon(db, request.member!.id, request.body.couponId, deps.clock(), request.locale)),
  );

  app.post('/mine/order/create', { preHandler: [app.authenticate, app.refuseFrozen], schema: schemas.createOrder }, async (request) => {
    const body = request.body;
    if (body.agree !== '1') throw new AppError(400, 'agreeRequired');
    const { productId, quantity } = body;
    const couponId = body.couponId || null;
    const requestId = body.requestId;
    const userId = request.member!.id;
    const order = await buy({ userId, productId, quantity, couponId, requestId, now: deps.clock() });
    // Units sold changed: this instance's next list shows them (the others drop theirs on the recorded change).
    deps.catalogueCache.drop({});
    return ok(request, toOrderView(order, publicBase(app, request)), translate(request.locale, 'orderCreated'));
  });

  app.get('/mine/order/record', { ...auth, schema: schemas.orderRecord }, async (request) => {
    const status = request.query.status || null;
    return ok(request, await listOrders(db, request.member!.id, request.query, status, publicBase(app, request)));
  });

  app.get('/mine/order/detail', { ...auth, schema: schemas.orderDetail }, async (request) => {
    // Another member's order answers exactly like a missing one.
    const order = await orderById(db, request.member!.id, request.query.id, publicBase(app, request));
    if (!order) throw new AppError(404, 'notFound');
    return ok(request, order);
  });

  app.get('/mine/order/totalrecord', { ...auth, schema: schemas.orderTotals }, async (request) => ok(request, await orderTotals(db, request.member!.id)));

  app.get('/mine/order/subrecord', { ...auth, schema: schemas.orderDays }, async (request) =>
    ok(request, await orderDays(db, request.member!.id, request.query.orderId, request.query, request.locale)),
  );
}
