/**
 * Every call of the products remote, as RTK Query endpoints injected into the page's one server
 * API (libs/api-client). Screens read the cache through the hooks below; what a call changes on
 * the server, its tags mark stale, so every screen showing it reloads it by itself:
 * a purchase -> balance, orders, income, records, products (units sold), coupons (one used);
 * a takeout -> balance, income, records; receiving a coupon -> the member's coupons;
 * selling an order back -> balance, orders, income, records.
 */
import { pagedListOptions, serverApi } from '@rigshare/api-client';
import { store } from '@rigshare/session';
import { DEFAULT_PAGE_SIZE, type Order, type OrderStatus, type Page, type ProductCard } from '@rigshare/domain';
import type { Coupon, MyCouponState } from './coupons';
import type { IncomeRecord, IncomeSummary, TakeoutResult } from './income';
import type { CreateOrderInput, OrderDay, OrderTotals, SellBackInput, SellBackQuote, SellBackResult } from './orders';
import type { LeaseAgreement } from './products';
import type { TrackRecord } from './track-record';
import type { Balance } from './balance';

const paging = (pageNum: number) => ({ pageNum, pageSize: DEFAULT_PAGE_SIZE });

export const productsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    // Catalogue
    productPage: build.infiniteQuery<Page<ProductCard>, void, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ pageParam }) => ({ host: 'orders', path: 'product/list', params: paging(pageParam) }),
      providesTags: ['Products'],
    }),
    product: build.query<ProductCard, number>({
      query: (id) => ({ host: 'orders', path: 'product/detail', params: { id } }),
      providesTags: ['Products'],
    }),
    agreement: build.query<LeaseAgreement, number>({
      query: (id) => ({ host: 'orders', path: 'product/agreement', params: { id } }),
    }),
    /** What the product actually paid over the last 30 and 90 days (public). */
    productTrackRecord: build.query<TrackRecord, number>({
      query: (id) => ({ host: 'orders', path: 'product/trackRecord', params: { id } }),
      providesTags: ['Products', 'Income'],
    }),

    // Balance (owned by the wallet; read here for the purchase summary)
    memberBalance: build.query<Balance, void>({
      query: () => ({ host: 'assets', path: 'user/balance' }),
      providesTags: ['Balance'],
    }),

    // Coupons
    couponsOpen: build.query<boolean, void>({
      query: () => ({ host: 'orders', path: 'coupon/isOpen' }),
      transformResponse: (data: { open: boolean }) => data.open,
    }),
    /** Coupons the member can still receive, for one product or (null) for every product. */
    receivableCoupons: build.query<Coupon[], number | null>({
      query: (productId) => ({ host: 'orders', path: 'coupon/productCoupons', params: productId === null ? {} : { productId } }),
      providesTags: [{ type: 'Coupons', id: 'receivable' }],
    }),
    /** Coupons the member holds that apply to this product now. */
    usableCoupons: build.query<Coupon[], number>({
      query: (productId) => ({ host: 'orders', path: 'coupon/userProductCoupons', params: { productId } }),
      providesTags: [{ type: 'Coupons', id: 'held' }],
    }),
    myCoupons: build.infiniteQuery<Page<Coupon>, MyCouponState, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg: state, pageParam }) => ({ host: 'orders', path: 'coupon/all', params: { ...paging(pageParam), state } }),
      providesTags: [{ type: 'Coupons', id: 'held' }],
    }),
    /** The receivable list keeps what it showed (the screen marks the coupon received); the member's own coupons reload. */
    receiveCoupon: build.mutation<Coupon, number>({
      query: (couponId) => ({ host: 'orders', path: 'coupon/receiveCoupon', method: 'POST', body: { couponId } }),
      invalidatesTags: [{ type: 'Coupons', id: 'held' }],
    }),

    // Orders
    createOrder: build.mutation<Order, CreateOrderInput>({
      query: (input) => ({
        host: 'orders',
        path: 'mine/order/create',
        method: 'POST',
        body: { productId: input.productId, quantity: input.quantity, agree: '1', couponId: input.couponId, requestId: input.requestId },
      }),
      invalidatesTags: ['Balance', 'Orders', 'Income', 'Records', 'Products', 'Coupons'],
    }),
    orderPage: build.infiniteQuery<Page<Order>, OrderStatus | null, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg: status, pageParam }) => ({ host: 'orders', path: 'mine/order/record', params: status ? { ...paging(pageParam), status } : paging(pageParam) }),
      providesTags: ['Orders'],
    }),
    orderTotals: build.query<OrderTotals, void>({
      query: () => ({ host: 'orders', path: 'mine/order/totalrecord' }),
      providesTags: ['Orders', 'Income'],
    }),
    /** One of the member's orders; a 404 (not there, or not theirs) is an error with code 404. */
    order: build.query<Order, number>({
      query: (id) => ({ host: 'orders', path: 'mine/order/detail', params: { id } }),
      providesTags: ['Orders'],
    }),
    /** What one of the member's orders actually paid; 404 when it is not theirs. */
    orderTrackRecord: build.query<TrackRecord, number>({
      query: (id) => ({ host: 'orders', path: 'mine/order/trackRecord', params: { id } }),
      providesTags: ['Orders', 'Income'],
    }),
    /** What selling the order back pays now; asked when the member presses "Sell back", so a refusal is toasted. */
    sellBackQuote: build.query<SellBackQuote, number>({
      query: (orderId) => ({ host: 'user', path: 'app/financial/sellQuote', params: { orderId }, announce: true }),
      keepUnusedDataFor: 0,
    }),
    /** Sells the order back at the quoted price; `message` is the server's localized sentence. */
    sellBack: build.mutation<SellBackResult, SellBackInput>({
      query: ({ orderId, amount }) => ({ host: 'user', path: 'app/financial/sellFinancial', method: 'POST', body: { orderId, amount } }),
      transformResponse: (order: Order, meta) => ({ order, message: meta?.msg ?? '' }),
      invalidatesTags: ['Balance', 'Orders', 'Income', 'Records'],
    }),
    orderDays: build.infiniteQuery<Page<OrderDay>, number, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg: orderId, pageParam }) => ({ host: 'orders', path: 'mine/order/subrecord', params: { orderId, ...paging(pageParam) } }),
      providesTags: ['Orders', 'Income'],
    }),

    // Income
    incomeSummary: build.query<IncomeSummary, void>({
      query: () => ({ host: 'receive', path: 'income/summary' }),
      providesTags: ['Income'],
    }),
    incomeRecords: build.infiniteQuery<Page<IncomeRecord>, void, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ pageParam }) => ({ host: 'receive', path: 'income/records', params: paging(pageParam) }),
      providesTags: ['Income', 'Records'],
    }),
    /** Moves all pending income towards the wallet; `message` is the server's localized sentence. */
    takeoutIncome: build.mutation<TakeoutResult, string>({
      query: (requestId) => ({ host: 'receive', path: 'income/takeout', method: 'POST', body: { requestId } }),
      transformResponse: (record: IncomeRecord, meta) => ({ record, message: meta?.msg ?? '' }),
      invalidatesTags: ['Balance', 'Income', 'Records'],
    }),
  }),
});

/** Days fall due as time passes, not on an event that could mark a record stale: each visit reads it again. */
export const READ_ON_EACH_VISIT = { refetchOnMountOrArgChange: true } as const;

export const {
  useProductPageInfiniteQuery,
  useProductQuery,
  useAgreementQuery,
  useProductTrackRecordQuery,
  useMemberBalanceQuery,
  useCouponsOpenQuery,
  useReceivableCouponsQuery,
  useUsableCouponsQuery,
  useMyCouponsInfiniteQuery,
  useReceiveCouponMutation,
  useCreateOrderMutation,
  useOrderPageInfiniteQuery,
  useOrderTotalsQuery,
  useOrderQuery,
  useOrderTrackRecordQuery,
  useOrderDaysInfiniteQuery,
  useLazySellBackQuoteQuery,
  useSellBackMutation,
  useIncomeSummaryQuery,
  useIncomeRecordsInfiniteQuery,
  useTakeoutIncomeMutation,
} = productsApi;

/**
 * Starts loading the catalogue's first page, the one home's product list shows, before the list
 * mounts (the `home.products` prefetch of the contract). Nothing when it is cached or on its way.
 */
export function prefetchFirstProductPage(): void {
  // What `util.prefetch` does, which RTK Query types for plain queries only.
  void store.dispatch(productsApi.endpoints.productPage.initiate(undefined, { subscribe: false }));
}

/** The message of a failed call, for the screen's LoadFailed. */
export function errorMessage(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : '';
}
