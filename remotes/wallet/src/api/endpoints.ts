/**
 * Every call of the wallet remote, as RTK Query endpoints injected into the page's one server API
 * (libs/api-client). Screens read the cache through the hooks below; what a call changes on the
 * server, its tags mark stale, so every screen showing it reloads it by itself:
 * a withdrawal -> balance, records, withdrawals; an exchange -> balance, records;
 * a recharge request -> deposits; binding an address, a bank card or a fund password -> the
 * bindings and the balance (a replacement puts withdrawals on hold).
 */
import type { TagDescription } from '@reduxjs/toolkit/query';
import { ApiError, getBlob, pagedListOptions, serverApi, type ServerError, type ServerTag } from '@rigshare/api-client';
import type { Address, Balance, BankCard, Captcha, Channel, Deposit, Exchange, ExchangeRate, MemberRecord, RechargeChannel, UsdtDeposit, UsdtDepositInfo, WalletNotice, Withdrawal, WithdrawInfo, WithdrawQuote } from '@rigshare/api-schema';
import { DEFAULT_PAGE_SIZE, headerCodeFor, type Order, type Page, type RecordType } from '@rigshare/domain';
import { store } from '@rigshare/session';
import axios from 'axios';

const paging = (pageNum: number) => ({ pageNum, pageSize: DEFAULT_PAGE_SIZE });

/**
 * Money and bindings can change behind the member's back (staff decide a withdrawal, another
 * device changes the fund password and starts a hold): a wallet screen shows what the cache has at
 * once and asks the server again when it opens.
 */
export const FRESH = { refetchOnMountOrArgChange: true } as const;

/**
 * What a mutation changed, as tags to mark stale: nothing when the server refused it (a 4xx
 * changed nothing, and a reload would wipe the form showing the refusal); everything it may have
 * changed when it succeeded or its fate is unknown (a timeout, a 5xx).
 */
function changes(...tags: TagDescription<ServerTag>[]) {
  return (_result: unknown, error: ServerError | undefined) => (error && error.code >= 400 && error.code < 500 ? [] : tags);
}

/** The member's one exchange, as `exchange/status` replies. */
export interface ExchangeStatus {
  used: boolean;
  record: Exchange | null;
}

export interface AddressInput {
  currency: string;
  chain: string;
  address: string;
  /** Replace the bound address (`user/address/replace`) instead of binding the first one. */
  replace: boolean;
}

export interface BankCardInput {
  holderName: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
}

export interface WithdrawInput {
  channel: Channel;
  amount: string;
  payPassword: string;
  requestId: string;
}

export interface CashRechargeInput {
  bankId: number;
  amount: string;
  reference: string;
  requestId: string;
}

/** The records list's filters: a record type, a month (YYYY-MM); null = all. */
export interface RecordsFilter {
  type: RecordType | null;
  month: string | null;
}

/** The withdrawal list's filters: a channel, a month (YYYY-MM); null = all. */
export interface WithdrawalsFilter {
  channel: Channel | null;
  month: string | null;
}

/**
 * The set filters as query parameters. A month goes with the browser's time zone: the zone the screen
 * prints the records' times in, so a record is listed in the month its printed date says.
 */
function filterParams(filters: Record<string, string | null>): Record<string, string> {
  const params = Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== null));
  if (params.month) params.timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return params;
}

function asServerError(error: unknown): ServerError {
  if (error instanceof ApiError) return { code: error.code, message: error.message, data: error.data };
  if (axios.isCancel(error)) return { code: 0, message: 'aborted', data: null };
  return { code: 0, message: error instanceof Error ? error.message : String(error), data: null };
}

export const walletApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    // Balance and records
    balance: build.query<Balance, void>({
      query: () => ({ host: 'assets', path: 'user/balance' }),
      providesTags: ['Balance'],
    }),
    // Published by staff for the wallet page; the page draws nothing when none is published or the call fails.
    walletNotices: build.query<WalletNotice[], void>({
      query: () => ({ host: 'user', path: 'sys/wallet-notice' }),
    }),
    records: build.infiniteQuery<Page<MemberRecord>, RecordsFilter, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg: { type, month }, pageParam }) => ({ host: 'assets', path: 'user/record', params: { ...paging(pageParam), ...filterParams({ type, month }) } }),
      providesTags: ['Records'],
    }),

    // Bindings: address, bank card, fund password
    address: build.query<Address | null, void>({
      query: () => ({ host: 'assets', path: 'user/address' }),
      providesTags: [{ type: 'Bindings', id: 'address' }],
    }),
    saveAddress: build.mutation<Address, AddressInput>({
      query: ({ replace, ...body }) => ({ host: 'assets', path: replace ? 'user/address/replace' : 'user/addAddress', method: 'POST', body, announce: false }),
      invalidatesTags: changes({ type: 'Bindings', id: 'address' }, 'Balance'),
    }),
    bankCard: build.query<BankCard | null, void>({
      query: () => ({ host: 'assets', path: 'user/bank' }),
      providesTags: [{ type: 'Bindings', id: 'bank' }],
    }),
    saveBankCard: build.mutation<BankCard, BankCardInput>({
      query: (body) => ({ host: 'assets', path: 'user/bank/modify', method: 'POST', body: { ...body }, announce: false }),
      invalidatesTags: changes({ type: 'Bindings', id: 'bank' }, 'Balance'),
    }),
    /** Deletes the saved address or card; the server starts the withdrawal hold, so the balance's hold changes too. */
    deleteBinding: build.mutation<{ deleted: boolean }, { kind: 'address' | 'bank'; id: number }>({
      query: ({ kind, id }) => ({ host: 'assets', path: `user/${kind}/delete`, method: 'POST', body: { id }, announce: false }),
      invalidatesTags: (_result, _error, { kind }) => [{ type: 'Bindings', id: kind }, 'Balance'],
    }),
    hasFundPassword: build.query<boolean, void>({
      query: () => ({ host: 'user', path: 'user/has-paypass', method: 'POST', body: {} }),
      transformResponse: (data: { hasPayPassword: boolean }) => data.hasPayPassword,
      providesTags: [{ type: 'Bindings', id: 'fundPassword' }],
    }),
    /** An image code to send the SMS code with; each one answers once, so it is never kept. */
    captcha: build.query<Captcha, void>({
      query: () => ({ host: 'user', path: 'auth/captcha' }),
      keepUnusedDataFor: 0,
    }),
    /** Sends the SMS code to the member's own phone. */
    sendFundPasswordCode: build.mutation<void, { captchaId: string; captchaCode: string }>({
      query: (body) => ({ host: 'user', path: 'auth/paypwd-code', method: 'POST', body: { ...body }, announce: false }),
    }),
    updateFundPassword: build.mutation<void, { smsCode: string; payPassword: string; confirmPayPassword: string }>({
      query: (body) => ({ host: 'user', path: 'auth/update-paypwd', method: 'POST', body: { ...body }, announce: false }),
      invalidatesTags: changes({ type: 'Bindings', id: 'fundPassword' }, 'Balance'),
    }),

    // Withdrawals
    withdrawInfo: build.query<WithdrawInfo, Channel>({
      query: (channel) => ({ host: 'assets', path: 'user/withdraw/info', params: { channel } }),
    }),
    /** No side effects on the server; a refusal carries its message (and any `fix`, see refusal-fix.ts). */
    quoteWithdrawal: build.mutation<WithdrawQuote, { channel: Channel; amount: string }>({
      query: (body) => ({ host: 'assets', path: 'user/withdraw/quote', method: 'POST', body: { ...body }, announce: false }),
    }),
    withdraw: build.mutation<Withdrawal, WithdrawInput>({
      query: (body) => ({ host: 'assets', path: 'user/withdraw', method: 'POST', body: { ...body }, announce: false }),
      invalidatesTags: changes('Balance', 'Records', 'Withdrawals'),
    }),
    withdrawals: build.infiniteQuery<Page<Withdrawal>, WithdrawalsFilter, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg: { channel, month }, pageParam }) => ({ host: 'assets', path: 'user/withrecord', params: { ...paging(pageParam), ...filterParams({ channel, month }) } }),
      providesTags: ['Withdrawals'],
    }),

    // Recharges
    rechargeChannels: build.query<RechargeChannel[], void>({
      query: () => ({ host: 'assets', path: 'system/pay/config/banks' }),
    }),
    /** Units of `currency` per 1 USD, as the server's decimal text (operator's table, host `receive`). */
    exchangeRate: build.query<ExchangeRate, string>({
      query: (currency) => ({ host: 'receive', path: 'exchangeRate/get', params: { currency } }),
    }),
    cashRecharge: build.mutation<Deposit, CashRechargeInput>({
      query: (body) => ({ host: 'assets', path: 'user/cashrecharge', method: 'POST', body: { ...body }, announce: false }),
      invalidatesTags: changes('Deposits'),
    }),
    cashRecharges: build.infiniteQuery<Page<Deposit>, void, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ pageParam }) => ({ host: 'assets', path: 'user/cashrecharge/list', params: paging(pageParam) }),
      providesTags: ['Deposits'],
    }),
    usdtDepositInfo: build.query<UsdtDepositInfo, void>({
      query: () => ({ host: 'assets', path: 'user/recharge/usdt' }),
    }),
    usdtDeposits: build.infiniteQuery<Page<UsdtDeposit>, void, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ pageParam }) => ({ host: 'assets', path: 'user/recharge/usdt/records', params: paging(pageParam) }),
      providesTags: ['Deposits'],
    }),

    // Holdings and the exchange
    holdings: build.infiniteQuery<Page<Order>, void, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ pageParam }) => ({ host: 'orders', path: 'mine/order/record', params: paging(pageParam) }),
      providesTags: ['Orders'],
    }),
    exchangeStatus: build.query<ExchangeStatus, void>({
      query: () => ({ host: 'assets', path: 'exchange/status' }),
      providesTags: [{ type: 'Records', id: 'exchange' }],
    }),
    /** Resolves with the credit and the server's "Exchange successful". */
    redeemExchange: build.mutation<{ record: Exchange; message: string }, { code: string; requestId: string }>({
      query: (body) => ({ host: 'assets', path: 'exchange/redeem', method: 'POST', body: { ...body }, announce: false }),
      transformResponse: (record: Exchange, meta) => ({ record, message: meta?.msg ?? '' }),
      invalidatesTags: changes('Balance', 'Records'),
    }),

    /**
     * The lease agreement of one order as a PDF, made in the member's language; the cache holds an
     * object URL (serializable) and lets it go when the entry is dropped.
     */
    agreementPdf: build.query<string, { orderId: number; language: string }>({
      queryFn: async ({ orderId, language }, { signal }) => {
        try {
          const blob = await getBlob('orders', 'order/agreement.pdf', { params: { orderId, lang: headerCodeFor(language) }, signal, silent: true, quiet: true });
          return { data: URL.createObjectURL(blob) };
        } catch (error) {
          return { error: asServerError(error) };
        }
      },
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved }) {
        const loaded = await cacheDataLoaded.catch(() => null);
        await cacheEntryRemoved;
        if (loaded) URL.revokeObjectURL(loaded.data);
      },
    }),
  }),
});

export const {
  useBalanceQuery,
  useWalletNoticesQuery,
  useRecordsInfiniteQuery,
  useAddressQuery,
  useSaveAddressMutation,
  useBankCardQuery,
  useSaveBankCardMutation,
  useDeleteBindingMutation,
  useHasFundPasswordQuery,
  useCaptchaQuery,
  useSendFundPasswordCodeMutation,
  useUpdateFundPasswordMutation,
  useWithdrawInfoQuery,
  useQuoteWithdrawalMutation,
  useWithdrawMutation,
  useWithdrawalsInfiniteQuery,
  useRechargeChannelsQuery,
  useExchangeRateQuery,
  useCashRechargeMutation,
  useCashRechargesInfiniteQuery,
  useUsdtDepositInfoQuery,
  useUsdtDepositsInfiniteQuery,
  useHoldingsInfiniteQuery,
  useExchangeStatusQuery,
  useRedeemExchangeMutation,
  useAgreementPdfQuery,
} = walletApi;

/** The message of a failed call (a cache error or a thrown one), for LoadFailed and refusals. */
export function errorMessage(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error ?? '');
}

/** The USDT deposit screen's address read, started beside the screen's chunk (the route's `prefetch`). */
export function prefetchUsdtDepositInfo(): void {
  store.dispatch(walletApi.util.prefetch('usdtDepositInfo', undefined, {}));
}
