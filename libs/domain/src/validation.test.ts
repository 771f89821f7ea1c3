import {
  hasDirectionControls,
  isAlphanumeric,
  isValidAmount,
  isValidBankAccountNumber,
  isValidEvmAddress,
  isValidFundPassword,
  isValidIfsc,
  isValidPassword,
  isValidPhone,
  isValidTxHash,
  sanitizeAmountInput,
  shortenAddress,
} from './validation';
import { formatAmount, parseAmount } from './money';
import { headerCodeFor, tagForHeader } from './locales';

describe('password rule', () => {
  it.each(['abcdefg1', 'A1234567', 'a'.repeat(24)])('accepts %s', (p) => expect(isValidPassword(p)).toBe(true));
  it.each([
    ['too short', 'abc1234'],
    ['too long', 'a'.repeat(25)],
    ['starts with a digit', '1abcdefg'],
    ['has a symbol', 'abcdefg!'],
    ['has a space', 'abcd efg1'],
  ])('refuses a password that is %s', (_why, p) => expect(isValidPassword(p)).toBe(false));
});

describe('amount input', () => {
  it('keeps digits and up to two decimals', () => {
    expect(sanitizeAmountInput('12.345')).toBe('12.34');
    expect(sanitizeAmountInput('1a2b')).toBe('12');
    expect(sanitizeAmountInput('1.2.3')).toBe('1.23');
  });
  it('strips a leading zero', () => {
    expect(sanitizeAmountInput('05')).toBe('5');
    expect(sanitizeAmountInput('007.5')).toBe('7.5');
    expect(sanitizeAmountInput('0.5')).toBe('0.5');
    expect(sanitizeAmountInput('.5')).toBe('0.5');
  });
  it('validates the finished text', () => {
    expect(isValidAmount('500')).toBe(true);
    expect(isValidAmount('500.25')).toBe(true);
    expect(isValidAmount('500.255')).toBe(false);
    expect(isValidAmount('05')).toBe(false);
    expect(isValidAmount('')).toBe(false);
  });
});

describe('other rules', () => {
  it('alphanumeric', () => {
    expect(isAlphanumeric('AB12cd')).toBe(true);
    expect(isAlphanumeric('AB-12')).toBe(false);
  });
  it('phone', () => {
    expect(isValidPhone('9876543210')).toBe(true);
    expect(isValidPhone('+919876543210')).toBe(true);
    expect(isValidPhone('12345')).toBe(false);
    expect(isValidPhone('98765abc10')).toBe(false);
  });
  it('IFSC needs 11 characters with the digit zero fifth', () => {
    expect(isValidIfsc('SBIN0001234')).toBe(true);
    expect(isValidIfsc('SBINO001234')).toBe(false);
    expect(isValidIfsc('SBIN000123')).toBe(false);
  });
  it('shortens addresses over 30 characters to first 15, dots, last 6', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(shortenAddress(address)).toBe('0x5290840009852...169EE7');
    expect(shortenAddress('a'.repeat(30))).toBe('a'.repeat(30));
  });
});

describe('money', () => {
  it('parses and formats without floating point', () => {
    expect(parseAmount('12.5')).toBe(12_500_000n);
    expect(parseAmount('0.000001')).toBe(1n);
    expect(formatAmount(12_500_000n)).toBe('12.50');
    expect(formatAmount('1000001')).toBe('1.000001');
    expect(() => parseAmount('1e3')).toThrow();
  });
});

describe('locales', () => {
  it('maps tags to header codes and back, defaulting to en_US', () => {
    expect(headerCodeFor('tr-TR')).toBe('tr_TR');
    expect(headerCodeFor('xx')).toBe('en_US');
    expect(tagForHeader('hi_IN')).toBe('hi-IN');
  });
});

describe('wallet rules', () => {
  it('EVM address: 0x and 40 hex characters, any case', () => {
    expect(isValidEvmAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(isValidEvmAddress('0x52908400098527886e0f7030069857d2e4169ee7')).toBe(true);
    expect(isValidEvmAddress('52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
    expect(isValidEvmAddress('0x52908400098527886E0F7030069857D2E4169EE')).toBe(false);
    expect(isValidEvmAddress('0x52908400098527886E0F7030069857D2E4169EE7a')).toBe(false);
    expect(isValidEvmAddress('0x52908400098527886E0F7030069857D2E4169EG7')).toBe(false);
    expect(isValidEvmAddress(' 0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });
  it('transaction hash: 0x and 64 hex characters, any case', () => {
    expect(isValidTxHash('0x' + 'ab'.repeat(32))).toBe(true);
    expect(isValidTxHash('0x' + 'AB'.repeat(32))).toBe(true);
    expect(isValidTxHash('ab'.repeat(32))).toBe(false);
    expect(isValidTxHash('0x' + 'ab'.repeat(31))).toBe(false);
    expect(isValidTxHash('0x' + 'ab'.repeat(32) + 'a')).toBe(false);
    expect(isValidTxHash('0x' + 'ag'.repeat(32))).toBe(false);
  });
  it('fund password: exactly 6 digits', () => {
    expect(isValidFundPassword('123456')).toBe(true);
    expect(isValidFundPassword('000000')).toBe(true);
    expect(isValidFundPassword('12345')).toBe(false);
    expect(isValidFundPassword('1234567')).toBe(false);
    expect(isValidFundPassword('12345a')).toBe(false);
    expect(isValidFundPassword('')).toBe(false);
  });
});

describe('names', () => {
  it('finds every bidirectional control and nothing else', () => {
    for (const control of ['\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c']) {
      expect(hasDirectionControls(`Asha${control}Rao`)).toBe(true);
    }
    expect(hasDirectionControls('Asha Rao')).toBe(false);
    expect(hasDirectionControls('آشا راو')).toBe(false);
    expect(hasDirectionControls('आशा राव')).toBe(false);
  });
});

describe('isValidBankAccountNumber', () => {
  it.each([
    ['12345', false],
    ['123456', true],
    ['1'.repeat(20), true],
    ['1'.repeat(21), false],
    ['12-3456', false],
    ['', false],
  ])('%j -> %s', (value, valid) => {
    expect(isValidBankAccountNumber(value)).toBe(valid);
  });
});
