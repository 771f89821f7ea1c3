import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { field, ok } from '../../plugins/envelope';
import { paging } from '../../plugins/paging';
import type { CouponState } from '@rigshare/domain';
import { couponSummary, memberCoupons, receivableCoupons, receiveCoupon, usableCoupons } from '../coupons/service';
import { publicBase } from '../files/routes';
import { productAgreement } from '../products/agreement';
import { createOrder, listOrders, orderById, orderDays, orderTotals, REQUEST_ID_PATTERN } from './service';

function positiveInt(value: unknown): number | null {
  const n = Number(value);
  return typeof value === 'string' && /^[0-9]+$/.test(value) && Number.isSafeInteger(n) && n >= 1 ? n : null;
}

function requiredId(value: unknown): number {
  const n = positiveInt(value);
  if (n === null) throw new AppError(400, 'badRequest');
  return n;
}

/** Lease agreement, coupons and orders (host /api/orders). */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const db = deps.db.kysely;
  const auth = { preHandler: app.authenticate };
  type Q = { Querystring: Record<string, string | undefined> };

  app.get<Q>('/product/agreement', auth, async (request) => {
    const agreement = await productAgreement(db, requiredId(request.query.id), request.locale, deps.config.operatorName);
    if (!agreement) throw new AppError(404, 'productNotFound');
    return ok(request, agreement);
  });

  app.get('/coupon/isOpen', auth, async (request) => ok(request, { open: deps.config.couponsOpen }));

  app.get<Q>('/coupon/all', auth, async (request) => {
    const raw = request.query.state;
    const state = raw === 'received' || raw === 'used' || raw === 'expired' ? (raw as CouponState) : null;
    if (raw && !state) throw new AppError(400, 'badRequest');
    return ok(request, await memberCoupons(db, request.member!.id, deps.clock(), paging(request.query), state, request.locale));
  });

  // Without a productId: every coupon the member can still receive (the "Get coupons" page).
  app.get<Q>('/coupon/productCoupons', auth, async (request) => {
    const productId = request.query.productId === undefined || request.query.productId === '' ? null : requiredId(request.query.productId);
    return ok(request, await receivableCoupons(db, request.member!.id, productId, deps.clock(), request.locale));
  });

  app.get<Q>('/coupon/userProductCoupons', auth, async (request) =>
    ok(request, await usableCoupons(db, request.member!.id, requiredId(request.query.productId), deps.clock(), request.locale)),
  );

  app.get<Q>('/coupon/queryPruductCouponData', auth, async (request) =>
    ok(request, await couponSummary(db, request.member!.id, requiredId(request.query.productId), deps.clock(), request.locale)),
  );

  app.post('/coupon/receiveCoupon', auth, async (request) =>
    ok(request, await receiveCoupon(db, request.member!.id, requiredId(field(request.body, 'couponId')), deps.clock(), request.locale)),
  );

  app.post('/mine/order/create', auth, async (request) => {
    const body = request.body;
    if (field(body, 'agree') !== '1') throw new AppError(400, 'agreeRequired');
    const productId = requiredId(field(body, 'productId'));
    const quantity = positiveInt(field(body, 'quantity'));
    if (quantity === null || quantity > 100_000) throw new AppError(400, 'quantityInvalid');
    const couponRaw = field(body, 'couponId');
    const couponId = couponRaw === '' ? null : requiredId(couponRaw);
    const requestId = field(body, 'requestId');
    if (!REQUEST_ID_PATTERN.test(requestId)) throw new AppError(400, 'requestIdInvalid');
    const userId = request.member!.id;
    const orderId = await createOrder(deps.db, { userId, productId, quantity, couponId, requestId, now: deps.clock() });
    const order = await orderById(db, userId, orderId, publicBase(app, request));
    return ok(request, order, translate(request.locale, 'orderCreated'));
  });

  app.get<Q>('/mine/order/record', auth, async (request) => {
    const raw = request.query.status;
    const status = raw === 'Valid' || raw === 'Expired' ? raw : null;
    if (raw && !status) throw new AppError(400, 'badRequest');
    return ok(request, await listOrders(db, request.member!.id, paging(request.query), status, publicBase(app, request)));
  });

  app.get<Q>('/mine/order/detail', auth, async (request) => {
    // Another member's order answers exactly like a missing one.
    const order = await orderById(db, request.member!.id, requiredId(request.query.id), publicBase(app, request));
    if (!order) throw new AppError(404, 'notFound');
    return ok(request, order);
  });

  app.get('/mine/order/totalrecord', auth, async (request) => ok(request, await orderTotals(db, request.member!.id)));

  app.get<Q>('/mine/order/subrecord', auth, async (request) =>
    ok(request, await orderDays(db, request.member!.id, requiredId(request.query.orderId), paging(request.query), request.locale)),
  );
}
