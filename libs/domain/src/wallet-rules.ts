/**
 * Wallet rules the member's screen shows and the server enforces (SPEC.md sections 5 and 9): the
 * withdrawal fee, net and minimum, currency conversion for recharges, recharge minimums and
 * references, and what amount text the member may type. Both sides call these functions, so the
 * screen says what the server will do. Amounts are micro-units (money.ts).
 */
import { MICRO_PER_UNIT, parseAmount } from './money';
import { isValidAmount } from './validation';

/** The withdrawal fee, in percent of the amount (SPEC.md section 9). */
export const WITHDRAW_FEE_PERCENT = 5;
/** Withdrawals start at 1 USDT. */
export const WITHDRAW_MINIMUM_MICRO = MICRO_PER_UNIT;
/** Decimals the member may type in an amount (the ledger keeps six). */
export const AMOUNT_MAX_DECIMALS = 2;
/** A recharge's transfer reference: 4 to 64 characters, no control characters. */
export const RECHARGE_REFERENCE_MIN = 4;
export const RECHARGE_REFERENCE_MAX = 64;

/** The fee rounded down to the micro-unit (the member never pays a fraction more), and what arrives. */
export function withdrawalFee(amount: bigint, feePercent: number = WITHDRAW_FEE_PERCENT): { fee: bigint; net: bigint } {
  // In hundredths of a percent, so a rate such as 2.5 % stays exact.
  const fee = (amount * BigInt(Math.round(feePercent * 100))) / 10_000n;
  return { fee, net: amount - fee };
}

/** Amount text the member typed, in micro-units; null unless digits with up to two decimals. */
export function amountFromText(text: string): bigint | null {
  return isValidAmount(text) ? parseAmount(text) : null;
}

/** Why a withdrawal of `amount` cannot go ahead (in the server's order), or null. */
export type WithdrawalAmountProblem = 'amountInvalid' | 'withdrawMinimum' | 'insufficientBalance';

export function withdrawalAmountProblem(text: string, limits: { available: bigint; minimum?: bigint }): WithdrawalAmountProblem | null {
  const amount = amountFromText(text);
  if (amount === null || amount <= 0n) return 'amountInvalid';
  if (amount < (limits.minimum ?? WITHDRAW_MINIMUM_MICRO)) return 'withdrawMinimum';
  if (amount > limits.available) return 'insufficientBalance';
  return null;
}

/**
 * An exchange rate (units of a currency per 1 USD, decimal text) in micro-units; decimals beyond
 * the sixth are cut, not rounded. Null for anything that is not a positive decimal.
 */
export function rateFromText(rate: string): bigint | null {
  const match = /^([0-9]+)(?:\.([0-9]+))?$/.exec(rate.trim());
  if (!match) return null;
  const value = parseAmount(match[2] ? `${match[1]}.${match[2].slice(0, 6)}` : match[1]);
  return value > 0n ? value : null;
}

/** What an amount in a currency is worth in USDT (counted as USD) at `rate`, rounded down to the micro-unit. */
export function toUsdt(amount: bigint, rate: bigint): bigint {
  if (rate <= 0n) throw new RangeError(`Not a rate: ${rate}`);
  return (amount * MICRO_PER_UNIT) / rate;
}

/** Why a recharge of `amount` on a channel with `minimum` cannot be asked for, or null. */
export type RechargeAmountProblem = 'amountInvalid' | 'rechargeMinimum';

export function rechargeAmountProblem(text: string, minimum: bigint): RechargeAmountProblem | null {
  const amount = amountFromText(text);
  if (amount === null || amount <= 0n) return 'amountInvalid';
  if (amount < minimum) return 'rechargeMinimum';
  return null;
}

/** The transfer reference the member gives with a recharge (as typed, not trimmed). */
export function isValidRechargeReference(reference: string): boolean {
  return reference.length >= RECHARGE_REFERENCE_MIN && reference.length <= RECHARGE_REFERENCE_MAX && !/[\u0000-\u001f\u007f]/.test(reference);
}

/**
 * Whether an exchange rate set at `updatedAt` is too old to convert a cash recharge at `now`: the server
 * refuses such recharges and the recharge screen says so. An unreadable time counts as too old.
 */
export function rateIsStale(updatedAt: string, now: number, maxAgeMs: number): boolean {
  const at = Date.parse(updatedAt);
  return !Number.isFinite(at) || now - at > maxAgeMs;
}
