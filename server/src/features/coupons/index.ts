/** The coupons feature's public module. */
export { couponSummary, memberCoupons, receivableCoupons, receiveCoupon, usableCoupons } from './service';
