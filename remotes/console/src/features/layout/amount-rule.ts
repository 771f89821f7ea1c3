import { isValidAmount, parseAmount } from '@rigshare/domain';

/**
 * The one rule for every amount a staff member types into the console, the domain's (`isValidAmount`:
 * digits, at most two decimals, no leading zero) within the bound of the server's `AmountText`
 * (at most 12 integer digits, so the micro-units fit a BIGINT). Surrounding spaces are allowed because
 * the forms and the server trim them; spaces inside, a sign or a third decimal are not.
 */
export const AMOUNT_MAX_WHOLE_DIGITS = 12;

export type AmountFloor = 'positive' | 'zeroAllowed';

/** Whether `text` is an amount the server takes: above zero, or 0 and above where the field allows zero. */
export function isAcceptedAmount(text: string, floor: AmountFloor = 'positive'): boolean {
  const amount = text.trim();
  if (!isValidAmount(amount) || amount.split('.')[0].length > AMOUNT_MAX_WHOLE_DIGITS) return false;
  return floor === 'zeroAllowed' || parseAmount(amount) > 0n;
}

/** A percentage staff type (a reward rate): the amount's shape (two decimals), from 0 to 100. Not money. */
export function isAcceptedPercent(text: string): boolean {
  return isAcceptedAmount(text, 'zeroAllowed') && parseAmount(text.trim()) <= parseAmount('100');
}

/** An exchange rate per USD: up to 9 digits and six decimals, above zero. Not money, so not the amount rule. */
export function isAcceptedRatePerUsd(text: string): boolean {
  return /^\s*\d{1,9}(\.\d{1,6})?\s*$/.test(text) && parseAmount(text.trim()) > 0n;
}

/** The form rules (antd-mobile `Form.Item` rules) of a required field that `accepts` decides, one message for both. */
export function requiredRules(accepts: (text: string) => boolean, message: string) {
  return [
    { required: true, message },
    {
      message,
      validator: async (_rule: unknown, value?: string) => {
        if (value && !accepts(value)) throw new Error(message);
      },
    },
  ];
}

/** The rules of a required amount field. */
export const amountRules = (message: string, floor: AmountFloor = 'positive') => requiredRules((text) => isAcceptedAmount(text, floor), message);
