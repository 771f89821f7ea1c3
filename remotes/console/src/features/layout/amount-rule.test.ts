import { isValidAmount } from '@rigshare/domain';
import { AMOUNT_MAX_WHOLE_DIGITS, isAcceptedAmount, isAcceptedPercent, isAcceptedRatePerUsd } from './amount-rule';

describe('the console amount rule', () => {
  it('takes what the domain takes: digits with at most two decimals', () => {
    for (const text of ['1', '12.5', '12.50', '0.01', '100']) expect([text, isAcceptedAmount(text)]).toEqual([text, true]);
    for (const text of ['12.345', '0.000001', '1.', '.5', '05', '1e3', '1,5', 'abc', '']) {
      expect([text, isAcceptedAmount(text)]).toEqual([text, false]);
      expect(isValidAmount(text)).toBe(false);
    }
  });

  it('refuses zero unless the field allows it, and refuses a sign either way', () => {
    expect(isAcceptedAmount('0')).toBe(false);
    expect(isAcceptedAmount('0.00')).toBe(false);
    expect(isAcceptedAmount('0', 'zeroAllowed')).toBe(true);
    expect(isAcceptedAmount('0.00', 'zeroAllowed')).toBe(true);
    for (const text of ['-1', '-0', '+1']) {
      expect(isAcceptedAmount(text)).toBe(false);
      expect(isAcceptedAmount(text, 'zeroAllowed')).toBe(false);
    }
  });

  it('refuses more integer digits than fit the micro-units of a BIGINT', () => {
    const largest = '9'.repeat(AMOUNT_MAX_WHOLE_DIGITS);
    expect(isAcceptedAmount(`${largest}.99`)).toBe(true);
    expect(isAcceptedAmount(`1${largest}`)).toBe(false);
  });

  it('takes surrounding spaces (the forms and the server trim them) but not spaces inside', () => {
    expect(isAcceptedAmount('  12.5 ')).toBe(true);
    expect(isAcceptedAmount('1 000')).toBe(false);
    expect(isAcceptedAmount('12. 5')).toBe(false);
    expect(isAcceptedAmount('   ')).toBe(false);
  });
});

describe('the bounds that are not money', () => {
  it('a reward rate is a percentage from 0 to 100 with at most two decimals', () => {
    expect(['0', '5.25', '100', '100.00'].map(isAcceptedPercent)).toEqual([true, true, true, true]);
    expect(['100.01', '101', '5.255', '-1'].map(isAcceptedPercent)).toEqual([false, false, false, false]);
  });

  it('an exchange rate per USD takes six decimals and must be above zero', () => {
    expect(['83.123456', ' 1 ', '0.000001'].map(isAcceptedRatePerUsd)).toEqual([true, true, true]);
    expect(['0', '0.000000', '1.1234567', '1234567890', '-1'].map(isAcceptedRatePerUsd)).toEqual([false, false, false, false, false]);
  });
});
