import {
  amountFromText,
  isValidRechargeReference,
  rateFromText,
  rateIsStale,
  rechargeAmountProblem,
  toUsdt,
  WITHDRAW_FEE_PERCENT,
  WITHDRAW_MINIMUM_MICRO,
  withdrawalAmountProblem,
  withdrawalFee,
} from './wallet-rules';

describe('withdrawalFee', () => {
  const cases: [string, bigint, number, bigint, bigint][] = [
    // name, amount, percent, fee, net
    ['the minimum at 5 %', 1_000_000n, 5, 50_000n, 950_000n],
    ['a fee with a fraction of a micro-unit is rounded down', 123_450_001n, 5, 6_172_500n, 117_277_501n],
    ['19 micro-units pay no fee (0.95 rounds down)', 19n, 5, 0n, 19n],
    ['20 micro-units pay one', 20n, 5, 1n, 19n],
    ['zero', 0n, 5, 0n, 0n],
    ['a fractional percent stays exact', 1_000_000n, 2.5, 25_000n, 975_000n],
    ['no fee', 7_000_000n, 0, 0n, 7_000_000n],
  ];
  it.each(cases)('%s', (_name, amount, percent, fee, net) => {
    expect(withdrawalFee(amount, percent)).toEqual({ fee, net });
  });

  it('charges the platform rate when none is given', () => {
    expect(WITHDRAW_FEE_PERCENT).toBe(5);
    expect(withdrawalFee(100_000_000n)).toEqual({ fee: 5_000_000n, net: 95_000_000n });
  });
});

describe('amount text', () => {
  const cases: [string, bigint | null][] = [
    ['1', 1_000_000n],
    ['0.01', 10_000n],
    ['12.5', 12_500_000n],
    ['12.50', 12_500_000n],
    ['12.505', null], // three decimals
    ['01', null],
    ['1.', null],
    ['.5', null],
    ['-1', null],
    ['1e3', null],
    [' 1', null],
    ['', null],
  ];
  it.each(cases)('%j -> %s', (text, micro) => {
    expect(amountFromText(text)).toBe(micro);
  });
});

describe('withdrawalAmountProblem', () => {
  const cases: [string, string, bigint, ReturnType<typeof withdrawalAmountProblem>][] = [
    ['nothing typed', '', 10_000_000n, 'amountInvalid'],
    ['zero', '0', 10_000_000n, 'amountInvalid'],
    ['three decimals', '1.001', 10_000_000n, 'amountInvalid'],
    ['one cent below the minimum', '0.99', 10_000_000n, 'withdrawMinimum'],
    ['exactly the minimum', '1', 10_000_000n, null],
    ['exactly the balance', '10', 10_000_000n, null],
    ['one cent above the balance', '10.01', 10_000_000n, 'insufficientBalance'],
    ['below the minimum and above the balance: the minimum first', '0.5', 0n, 'withdrawMinimum'],
  ];
  it.each(cases)('%s', (_name, text, available, problem) => {
    expect(withdrawalAmountProblem(text, { available, minimum: WITHDRAW_MINIMUM_MICRO })).toBe(problem);
  });
});

describe('conversion to USDT', () => {
  const cases: [string, string, bigint | null][] = [
    ['whole', '83', 83_000_000n],
    ['decimals', '83.25', 83_250_000n],
    ['beyond six decimals are cut, not rounded', '1.2345679', 1_234_567n],
    ['zero is no rate', '0', null],
    ['negative', '-1', null],
    ['text', 'abc', null],
  ];
  it.each(cases)('rate %s', (_name, text, micro) => {
    expect(rateFromText(text)).toBe(micro);
  });

  const conversions: [string, bigint, bigint, bigint][] = [
    ['1000 INR at 83.25', 1_000_000_000n, 83_250_000n, 12_012_012n],
    ['one unit at 3 rounds down', 1_000_000n, 3_000_000n, 333_333n],
    ['a rate below 1', 1_000_000n, 500_000n, 2_000_000n],
    ['too little to be worth a micro-unit', 1n, 2_000_000n, 0n],
  ];
  it.each(conversions)('%s', (_name, amount, rate, usdt) => {
    expect(toUsdt(amount, rate)).toBe(usdt);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => toUsdt(1n, 0n)).toThrow(RangeError);
  });
});

describe('recharges', () => {
  const cases: [string, string, bigint, ReturnType<typeof rechargeAmountProblem>][] = [
    ['nothing typed', '', 100_000_000n, 'amountInvalid'],
    ['zero', '0', 0n, 'amountInvalid'],
    ['one cent below the minimum', '99.99', 100_000_000n, 'rechargeMinimum'],
    ['exactly the minimum', '100', 100_000_000n, null],
    ['three decimals', '100.001', 100_000_000n, 'amountInvalid'],
  ];
  it.each(cases)('%s', (_name, text, minimum, problem) => {
    expect(rechargeAmountProblem(text, minimum)).toBe(problem);
  });

  const references: [string, boolean][] = [
    ['abc', false],
    ['abcd', true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['ab\ncd', false],
    ['UTR 1234', true],
  ];
  it.each(references)('reference %j -> %s', (reference, valid) => {
    expect(isValidRechargeReference(reference)).toBe(valid);
  });
});

it('keeps fee + net equal to the amount beyond Number precision', () => {
  const huge = 9_007_199_254_740_993_000_000n;
  const { fee, net } = withdrawalFee(huge);
  expect(fee + net).toBe(huge);
  expect(fee).toBe((huge * 5n) / 100n);
});

describe('rateIsStale', () => {
  const HOUR = 3_600_000;
  const setAt = '2026-11-20T10:00:00.000Z';
  const t = Date.parse(setAt);
  it('keeps a rate usable up to the maximum age and stops it after', () => {
    expect(rateIsStale(setAt, t + 24 * HOUR, 24 * HOUR)).toBe(false);
    expect(rateIsStale(setAt, t + 24 * HOUR + 1, 24 * HOUR)).toBe(true);
  });
  it('counts an unreadable time as too old', () => {
    expect(rateIsStale('yesterday', t, 24 * HOUR)).toBe(true);
  });
});
