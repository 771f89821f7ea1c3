/**
 * What the API returns for products, orders and coupons, read by the products remote and built by
 * the server: one definition for both. Amounts are strings of integer micro-units
 * ("12500000" = 12.5 USDT); times are ISO 8601 UTC.
 */

/** Product status codes shown on the card (SPEC.md section 4); other values mean on sale, no badge. */
export const PRODUCT_STATUS = { onSale: 1, soldOut: 3, preSale: 5, rush: 6 } as const;

/** A product card (SPEC.md section 3) with the real units offered and sold (DESIGN.md section 1). */
export interface ProductCard {
  id: number;
  /** Absolute image URL. */
  productImg: string;
  productName: string;
  categoryName: string;
  status: number;
  /** When the sale starts. */
  startTime: string;
  /** When the sale ends. */
  endTime: string;
  /** Expected daily return of one unit. */
  dayReturnAmount: string;
  validDays: number;
  /** Price of one unit. */
  price: string;
  /** Countdown target: the start for a pre-sale (5), the real end of the rush window (6), else null. */
  daotimes: string | null;
  /** Expected total return of one unit over its valid days. */
  walletotal: string;
  /** Units one member may buy; -1 means no limit. */
  maxBuy: number;
  unitsOffered: number;
  unitsSold: number;
  /** unitsOffered - unitsSold. */
  unitsLeft: number;
  /** The version of the lease agreement text the buyer agrees to. */
  agreementVersion: string;
}

/** Sold: the member sold the order back early. */
export type OrderStatus = 'Valid' | 'Expired' | 'Sold';

/** One of a member's orders. */
export interface Order {
  id: number;
  productId: number;
  productName: string;
  productImg: string;
  quantity: number;
  /** Price of one unit. */
  price: string;
  /** Paid, after the coupon. */
  amount: string;
  couponAmount: string;
  /** Expected daily return of one unit. */
  dayReturnAmount: string;
  /** dayReturnAmount x quantity. */
  dailyIncome: string;
  validDays: number;
  /** Expected total return: dailyIncome x validDays. */
  walletotal: string;
  /** Income accrued so far. */
  earned: string;
  daysPaid: number;
  daysDelayed: number;
  /** When the order was made ("get time"). */
  createTime: string;
  /** When its last day ends. */
  expireTime: string;
  status: OrderStatus;
  /** When the member sold the order back; null unless Sold. */
  soldTime: string | null;
  /** What the sale paid into the balance; null unless Sold. */
  soldAmount: string | null;
}

/** Coupon states the server returns; the UI adds "chosen" for the one attached to a checkout. */
export type CouponState = 'available' | 'received' | 'used' | 'expired';

export interface Coupon {
  id: number;
  name: string;
  kind: 'discount';
  /** Taken off the price. */
  amount: string;
  /** The order must reach this. */
  minSpend: string;
  /** null = any product. */
  productId: number | null;
  startTime: string;
  endTime: string;
  state: CouponState;
}
