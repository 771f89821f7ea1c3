import { MICRO_PER_UNIT, isValidAmount, parseAmount } from '@rigshare/domain';

/** SPEC.md section 9: withdrawals start at 1 USDT. */
export const MIN_WITHDRAWAL_MICRO = MICRO_PER_UNIT;
export const WITHDRAW_FEE_PERCENT = 5;

/** Fee rounded down to the micro-unit, and what arrives (amount - fee). Same rule as the server. */
export function feeAndNet(amount: bigint, feePercent: number = WITHDRAW_FEE_PERCENT): { fee: bigint; net: bigint } {
  const fee = (amount * BigInt(Math.round(feePercent * 100))) / 10_000n;
  return { fee, net: amount - fee };
}

/** Amount text typed by the member in micro-units, or null when it is not a valid amount (digits, up to 2 decimals). */
export function amountMicro(text: string): bigint | null {
  if (!isValidAmount(text)) return null;
  return parseAmount(text);
}

/** 0x followed by 40 hex digits (checksum case accepted; the server is the judge of the rest). */
export function looksLikeEvmAddress(value: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(value.trim());
}

/** A fund password is a PIN: exactly 6 digits. */
export function isSixDigitPin(value: string): boolean {
  return /^[0-9]{6}$/.test(value);
}
