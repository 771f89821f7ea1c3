/** Products, the lease agreement, coupons and orders (host /api/orders). */
import { AUTH, Binary, errors, Id, MESSAGE, Micro, Nullable, Ok, Page, Paged, PagingQuery, RequestId, Text, Time, Type, type Static } from './common';

export const ProductCard = Type.Object({
  id: Type.Integer(),
  productImg: Type.String({ description: 'Absolute image URL.' }),
  productName: Type.String(),
  categoryName: Type.String(),
  status: Type.Integer({ description: '1 on sale, 3 sold out, 5 pre-sale, 6 rush; other values: on sale, no badge.' }),
  startTime: Time('When the sale starts.'),
  endTime: Time('When the sale ends.'),
  dayReturnAmount: Micro('Expected daily return of one unit.'),
  validDays: Type.Integer(),
  price: Micro('Price of one unit.'),
  daotimes: Nullable(Time('Countdown target: the start of a pre-sale, the real end of a rush window.')),
  walletotal: Micro('Expected total return of one unit over its valid days.'),
  maxBuy: Type.Integer({ description: 'Units one member may buy; -1 means no limit.' }),
  unitsOffered: Type.Integer(),
  unitsSold: Type.Integer(),
  unitsLeft: Type.Integer(),
  agreementVersion: Type.String({ description: 'The version of the lease agreement text the buyer agrees to.' }),
});
export type ProductCard = Static<typeof ProductCard>;

export const AgreementSection = Type.Object({ heading: Type.String(), body: Type.String() });
export type AgreementSection = Static<typeof AgreementSection>;
export const LeaseAgreement = Type.Object({
  productId: Type.Integer(),
  version: Type.String(),
  operatorName: Type.String(),
  title: Type.String(),
  sections: Type.Array(AgreementSection),
});
export type LeaseAgreement = Static<typeof LeaseAgreement>;

export const OrderStatus = Type.Union([Type.Literal('Valid'), Type.Literal('Expired'), Type.Literal('Sold')], { description: 'Sold: sold back early (app/financial/sellFinancial).' });
export type OrderStatus = Static<typeof OrderStatus>;
export const Order = Type.Object({
  id: Type.Integer(),
  productId: Type.Integer(),
  productName: Type.String(),
  productImg: Type.String(),
  quantity: Type.Integer(),
  price: Micro('Price of one unit.'),
  amount: Micro('Paid, after the coupon.'),
  couponAmount: Micro(),
  dayReturnAmount: Micro('Expected daily return of one unit.'),
  dailyIncome: Micro('dayReturnAmount x quantity.'),
  validDays: Type.Integer(),
  walletotal: Micro('Expected total return: dailyIncome x validDays.'),
  earned: Micro('Income accrued so far.'),
  daysPaid: Type.Integer(),
  daysDelayed: Type.Integer(),
  createTime: Time(),
  expireTime: Time(),
  status: OrderStatus,
  soldTime: Nullable(Time('When the member sold the order back; null unless Sold.')),
  soldAmount: Nullable(Micro('What the sale paid into the balance; null unless Sold.')),
});
export type Order = Static<typeof Order>;

export const SellBackQuote = Type.Object({
  orderId: Type.Integer(),
  paid: Micro('What the member paid for the order, after the coupon.'),
  validDays: Type.Integer(),
  daysKept: Type.Integer({ description: 'Days whose income stays the member\'s: fallen due by now, or paid ahead (a free first day).' }),
  daysLeft: Type.Integer({ description: 'validDays - daysKept.' }),
  amount: Micro('The price: paid x daysLeft / validDays, rounded down to micro-units.'),
});
export type SellBackQuote = Static<typeof SellBackQuote>;

export const OrderTotals = Type.Object({
  orders: Type.Integer(),
  validOrders: Type.Integer(),
  invested: Micro(),
  earned: Micro(),
  expectedTotal: Micro(),
});
export type OrderTotals = Static<typeof OrderTotals>;

export const OrderDay = Type.Object({
  day: Type.Integer(),
  amount: Micro(),
  accruedAt: Nullable(Time()),
  status: Type.Union([Type.Literal('Paid'), Type.Literal('Delayed')]),
  reason: Nullable(Type.String({ description: 'Why the day waits, translated.' })),
});
export type OrderDay = Static<typeof OrderDay>;

export const CouponState = Type.Union([Type.Literal('available'), Type.Literal('received'), Type.Literal('used'), Type.Literal('expired')]);
export type CouponState = Static<typeof CouponState>;
export const Coupon = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.Literal('discount'),
  amount: Micro('Taken off the price.'),
  minSpend: Micro('The order must reach this.'),
  productId: Nullable(Type.Integer({ description: 'null = any product.' })),
  startTime: Time(),
  endTime: Time(),
  state: CouponState,
});
export type Coupon = Static<typeof Coupon>;
export const CouponSummary = Type.Object({ receivable: Type.Integer(), usable: Type.Integer(), bestAmount: Micro() });
export type CouponSummary = Static<typeof CouponSummary>;

const products = ['products'];
const coupons = ['coupons'];
const orders = ['orders'];
const ProductIdQuery = Type.Object({ productId: Id() });

export const CreateOrderBody = Type.Object({
  agree: Text(1, { description: '"1": the buyer agrees to the lease agreement.' }),
  productId: Id(),
  quantity: Type.Integer({ minimum: 1, maximum: 100_000, [MESSAGE]: 'quantityInvalid' }),
  couponId: Type.Optional(Type.Union([Id(), Type.Literal('')])),
  requestId: RequestId(),
});
export type CreateOrderBody = Static<typeof CreateOrderBody>;

export const catalogueSchemas = {
  productList: { tags: products, summary: 'The product catalogue (public)', querystring: PagingQuery, response: { 200: Ok(Page(ProductCard)), ...errors() } },
  productDetail: { tags: products, summary: 'One product (public)', querystring: Type.Object({ id: Id() }), response: { 200: Ok(ProductCard), ...errors(404) } },
  agreement: { tags: products, summary: "A product's lease agreement in the caller's language", querystring: Type.Object({ id: Id() }), response: { 200: Ok(LeaseAgreement), ...errors(401, 404) } },
  couponIsOpen: { tags: coupons, summary: 'Whether coupons are on', response: { 200: Ok(Type.Object({ open: Type.Boolean() })), ...errors(...AUTH) } },
  couponAll: {
    tags: coupons,
    summary: "The member's coupons, one state or all",
    querystring: Paged({ state: Type.Optional(Type.Union([Type.Literal('received'), Type.Literal('used'), Type.Literal('expired'), Type.Literal('')])) }),
    response: { 200: Ok(Page(Coupon)), ...errors(...AUTH) },
  },
  productCoupons: {
    tags: coupons,
    summary: 'Coupons the member can still receive, for one product or all',
    querystring: Type.Object({ productId: Type.Optional(Type.Union([Id(), Type.Literal('')])) }),
    response: { 200: Ok(Type.Array(Coupon)), ...errors(...AUTH) },
  },
  userProductCoupons: { tags: coupons, summary: 'Coupons the member holds that apply to a product now', querystring: ProductIdQuery, response: { 200: Ok(Type.Array(Coupon)), ...errors(...AUTH) } },
  couponSummary: { tags: coupons, summary: 'Counts and best discount for a product', querystring: ProductIdQuery, response: { 200: Ok(CouponSummary), ...errors(...AUTH) } },
  receiveCoupon: { tags: coupons, summary: 'Receive a coupon', body: Type.Object({ couponId: Id() }), response: { 200: Ok(Coupon), ...errors(401, 404, 409) } },
  createOrder: { tags: orders, summary: 'Buy units of a product (idempotent by requestId)', body: CreateOrderBody, response: { 200: Ok(Order, 'Localized "Order created".'), ...errors(401, 403, 404, 409) } },
  orderRecord: {
    tags: orders,
    summary: "The member's orders, newest first",
    querystring: Paged({ status: Type.Optional(Type.Union([OrderStatus, Type.Literal('')])) }),
    response: { 200: Ok(Page(Order)), ...errors(...AUTH) },
  },
  orderDetail: { tags: orders, summary: 'One of the member\'s orders', querystring: Type.Object({ id: Id() }), response: { 200: Ok(Order), ...errors(401, 404) } },
  sellBackQuote: {
    tags: orders,
    summary: 'What selling one of the member\'s active orders back would pay now, and how it is computed',
    querystring: Type.Object({ orderId: Id() }),
    response: { 200: Ok(SellBackQuote), ...errors(401, 404, 409) },
  },
  sellBack: {
    tags: orders,
    summary: 'Sell an active order back at the quoted price (paid from rental revenue into the balance); refused if the price changed',
    body: Type.Object({
      orderId: Id(),
      amount: Type.String({ pattern: '^[0-9]{1,19}$', description: 'The quoted price, micro-units: the sale is refused when the price is no longer this.', [MESSAGE]: 'sellBackPriceChanged' }),
    }),
    response: { 200: Ok(Order, 'Localized "Sold back".'), ...errors(401, 403, 404, 409) },
  },
  orderTotals: { tags: orders, summary: "Totals over the member's orders", response: { 200: Ok(OrderTotals), ...errors(...AUTH) } },
  orderDays: {
    tags: orders,
    summary: "An order's days of income",
    querystring: Paged({ orderId: Id() }),
    response: { 200: Ok(Page(OrderDay)), ...errors(401, 404) },
  },
  agreementPdf: {
    tags: orders,
    summary: "An order's lease agreement as a PDF",
    produces: ['application/pdf'],
    querystring: Type.Object({ orderId: Id(), lang: Type.Optional(Text(8, { description: 'hi-IN or hi_IN; default: the Language header.' })) }),
    response: { 200: Binary('application/pdf', 'The lease agreement.'), ...errors(401, 404) },
  },
} as const;
