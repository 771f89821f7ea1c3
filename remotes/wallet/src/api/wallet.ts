/** Typed calls for the wallet (the `assets` service host; fund password on `user`, exchange rate on `receive`). */
import { get, post, type Captcha, type RequestOptions } from '@rigshare/api-client';
import type { Address, Balance, BankCard, Channel, Deposit, MemberRecord, RechargeChannel, Withdrawal, WithdrawInfo, WithdrawQuote } from '@rigshare/api-schema';
import type { Page } from '@rigshare/domain';

export { RECORD_FILTERS, RECORD_STATUSES, RECORD_TYPES } from '@rigshare/domain';
export type { RecordStatus, RecordType } from '@rigshare/domain';

/** Screens using these calls draw their own loading and error states. */
const OWN_STATES: RequestOptions = { silent: true, quiet: true };

/** The server's reply types, from the API contract (libs/api-schema): one definition for both sides. */
export type { Address, Balance, BankCard, Channel, Deposit, RechargeChannel, Withdrawal, WithdrawInfo, WithdrawQuote };
export type { WithdrawalStatus } from '@rigshare/api-schema';
export type WalletRecord = MemberRecord;

export async function getBalance(signal?: AbortSignal): Promise<Balance> {
  return (await get<Balance>('assets', 'user/balance', { ...OWN_STATES, signal })).data;
}

export async function hasFundPassword(): Promise<boolean> {
  return (await post<{ hasPayPassword: boolean }>('user', 'user/has-paypass', {}, OWN_STATES)).data.hasPayPassword;
}

export async function getCaptcha(): Promise<Captcha> {
  return (await get<Captcha>('user', 'auth/captcha', { silent: true })).data;
}

/** Sends the SMS code to the member's own phone; a refusal is toasted by the client and rethrown. */
export async function sendFundPasswordCode(captchaId: string, captchaCode: string): Promise<void> {
  await post('user', 'auth/paypwd-code', { captchaId, captchaCode });
}

export async function updateFundPassword(smsCode: string, payPassword: string, confirmPayPassword: string): Promise<void> {
  await post('user', 'auth/update-paypwd', { smsCode, payPassword, confirmPayPassword });
}

export async function getAddress(signal?: AbortSignal): Promise<Address | null> {
  return (await get<Address | null>('assets', 'user/address', { ...OWN_STATES, signal })).data;
}

export async function saveAddress(currency: string, chain: string, address: string, replace: boolean): Promise<Address> {
  return (await post<Address>('assets', replace ? 'user/address/replace' : 'user/addAddress', { currency, chain, address })).data;
}

export async function getBankCard(signal?: AbortSignal): Promise<BankCard | null> {
  return (await get<BankCard | null>('assets', 'user/bank', { ...OWN_STATES, signal })).data;
}

export async function saveBankCard(card: { holderName: string; bankName: string; accountNumber: string; ifsc: string }): Promise<BankCard> {
  return (await post<BankCard>('assets', 'user/bank/modify', card)).data;
}

export async function getWithdrawInfo(channel: Channel, signal?: AbortSignal): Promise<WithdrawInfo> {
  return (await get<WithdrawInfo>('assets', 'user/withdraw/info', { ...OWN_STATES, params: { channel }, signal })).data;
}

/** No side effects; a refusal carries the message (and any `fix`, see refusal-fix.ts) for the screen to show. */
export async function quoteWithdrawal(channel: Channel, amount: string): Promise<WithdrawQuote> {
  return (await post<WithdrawQuote>('assets', 'user/withdraw/quote', { channel, amount }, OWN_STATES)).data;
}

export async function withdraw(input: { channel: Channel; amount: string; payPassword: string; requestId: string }): Promise<Withdrawal> {
  return (await post<Withdrawal>('assets', 'user/withdraw', input, OWN_STATES)).data;
}

export async function listWithdrawals(pageNum: number, pageSize: number): Promise<Page<Withdrawal>> {
  return (await get<Page<Withdrawal>>('assets', 'user/withrecord', { ...OWN_STATES, params: { pageNum, pageSize } })).data;
}

export async function listRecords(pageNum: number, pageSize: number, type: number | null): Promise<Page<WalletRecord>> {
  const params: Record<string, unknown> = { pageNum, pageSize };
  if (type !== null) params.type = type;
  return (await get<Page<WalletRecord>>('assets', 'user/record', { ...OWN_STATES, params })).data;
}

export async function listRechargeChannels(signal?: AbortSignal): Promise<RechargeChannel[]> {
  return (await get<RechargeChannel[]>('assets', 'system/pay/config/banks', { ...OWN_STATES, signal })).data;
}

/**
 * Units of `currency` per 1 USD, as the server's decimal text. The server serves the operator's rate
 * table under the `receive` host (docs/api.md, "Income and rates").
 */
export async function getExchangeRate(currency: string, signal?: AbortSignal): Promise<string> {
  const body = await get<{ rate: string | number }>('receive', 'exchangeRate/get', { ...OWN_STATES, params: { currency }, signal });
  return String(body.data.rate);
}

export async function submitCashRecharge(input: { bankId: number; amount: string; reference: string; requestId: string }): Promise<Deposit> {
  return (await post<Deposit>('assets', 'user/cashrecharge', input)).data;
}

export async function listCashRecharges(pageNum: number, pageSize: number): Promise<Page<Deposit>> {
  return (await get<Page<Deposit>>('assets', 'user/cashrecharge/list', { ...OWN_STATES, params: { pageNum, pageSize } })).data;
}
