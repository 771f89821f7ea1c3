import { formatMoney, formatMoneyAlike, formatUsdt } from './format-money';

it('writes an amount with the reader\'s decimal separator, two places by default, cut and never rounded up', () => {
  expect(formatMoney(1_500_000_000n, 'en-US')).toBe('1500.00');
  expect(formatMoney(1_500_000_000n, 'de-DE')).toBe('1500,00');
  expect(formatMoney('1500000000', 'fr-FR')).toBe('1500,00');
  expect(formatMoney(1_500_000_000n, 'hi-IN')).toBe('1500.00');
  // Six decimals in the ledger, two on the screen: 647.784615 reads 647.78, not 647.784615 or 647.79.
  expect(formatMoney(647_784_615n, 'en-US')).toBe('647.78');
  expect(formatMoney(647_784_615n, 'tr-TR')).toBe('647,78');
});

it('shows every decimal when asked, signs credits when asked, and debits always', () => {
  expect(formatMoney(647_784_615n, 'en-US', { decimals: 'exact' })).toBe('647.784615');
  expect(formatMoney(12_500_000n, 'it-IT', { decimals: 'exact' })).toBe('12,50');
  expect(formatMoney(5_000_000n, 'es-ES', { signed: true })).toBe('+5,00');
  expect(formatMoney(-5_250_000n, 'de-DE')).toBe('-5,25');
  expect(formatMoney(-1_000n, 'en-US')).toBe('0.00');
  expect(formatMoney(0n, 'en-US', { signed: true })).toBe('0.00');
  expect(formatMoney(7n, 'en-US', { decimals: 0 })).toBe('0');
});

it('keeps every digit of amounts beyond what a float can hold, and shows a dash for what is not an amount', () => {
  expect(formatMoney(123_456_789_012_345_678_901n, 'en-US', { decimals: 'exact' })).toBe('123456789012345.678901');
  expect(formatMoney('12.5', 'en-US')).toBe('—');
});

it('writes amounts shown together with the decimals the most precise one needs', () => {
  expect(formatMoneyAlike([998_200_000n, 1_800_500n], 'en-US')).toEqual(['998.2000', '1.8005']);
  expect(formatMoneyAlike(['123450000', '6172500', '117277500'], 'de-DE')).toEqual(['123,4500', '6,1725', '117,2775']);
  expect(formatMoneyAlike([1n, 'x'], 'en-US')).toEqual(['0.000001', '—']);
});

it('writes an amount with its currency after it, in the reader\'s language', () => {
  expect(formatUsdt(12_500_000n, 'en-US')).toBe('12.50 USDT');
  expect(formatUsdt('12500000', 'de-DE')).toBe('12,50 USDT');
  expect(formatUsdt(1_234_567n, 'en-US', { decimals: 'exact', signed: true })).toBe('+1.234567 USDT');
  expect(formatUsdt(-500_000n, 'fr-FR', { signed: true })).toBe('-0,50 USDT');
});
