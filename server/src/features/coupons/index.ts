/** The coupons feature's public module. */
export { couponSummary, memberCoupons, receivableCoupons, receiveCoupon, usableCoupons } from './service';
export { closeCoupon, createCoupon, staffCoupons, type CouponTerms, type StaffCoupon } from './manage';
