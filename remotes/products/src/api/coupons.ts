/** Coupon types; the calls are RTK Query endpoints in ./endpoints.ts. */
import type { Coupon, CouponState as ServerCouponState } from '@rigshare/api-schema';

export type { Coupon, ServerCouponState };

/** "chosen" exists only in the UI, for the coupon attached to a checkout. */
export type CouponState = ServerCouponState | 'chosen';

/** The states the "My coupons" tabs filter by. */
export const MY_COUPON_STATES = ['received', 'used', 'expired'] as const;
export type MyCouponState = (typeof MY_COUPON_STATES)[number];
