/** Typed calls for coupons (the `orders` service host). */
import { get, post, type RequestOptions } from '@rigshare/api-client';
import type { Coupon, CouponState as ServerCouponState } from '@rigshare/api-schema';
import type { Page } from '@rigshare/domain';

export type { Coupon, ServerCouponState };

/** "chosen" exists only in the UI, for the coupon attached to a checkout. */
export type CouponState = ServerCouponState | 'chosen';

/** The states the "My coupons" tabs filter by. */
export const MY_COUPON_STATES = ['received', 'used', 'expired'] as const;
export type MyCouponState = (typeof MY_COUPON_STATES)[number];

const OWN_STATES: RequestOptions = { silent: true, quiet: true };

export async function isCouponOpen(signal?: AbortSignal): Promise<boolean> {
  const body = await get<{ open: boolean }>('orders', 'coupon/isOpen', { ...OWN_STATES, signal });
  return body.data.open;
}

export async function listMyCoupons(pageNum: number, pageSize: number, state: MyCouponState, signal?: AbortSignal): Promise<Page<Coupon>> {
  const body = await get<Page<Coupon>>('orders', 'coupon/all', { ...OWN_STATES, params: { pageNum, pageSize, state }, signal });
  return body.data;
}

/** Coupons the member can still receive; for one product, or for every product when none is given. */
export async function listReceivableCoupons(productId: number | null, signal?: AbortSignal): Promise<Coupon[]> {
  const params = productId === null ? {} : { productId };
  const body = await get<Coupon[]>('orders', 'coupon/productCoupons', { ...OWN_STATES, params, signal });
  return body.data;
}

/** Coupons the member holds that apply to this product now. */
export async function listUsableCoupons(productId: number, signal?: AbortSignal): Promise<Coupon[]> {
  const body = await get<Coupon[]>('orders', 'coupon/userProductCoupons', { ...OWN_STATES, params: { productId }, signal });
  return body.data;
}

/** Receives a coupon; a refusal (already received...) is toasted by the client and rethrown. */
export async function receiveCoupon(couponId: number): Promise<Coupon> {
  const body = await post<Coupon>('orders', 'coupon/receiveCoupon', { couponId });
  return body.data;
}
