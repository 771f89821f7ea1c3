import { formatAmount, sanitizeAmountInput } from '@rigshare/domain';
import { amountMicro, feeAndNet, isSixDigitPin, looksLikeEvmAddress } from './withdraw-math';

describe('withdrawal math', () => {
  it('takes 5% rounded down to the micro-unit, in bigint, and the net is the rest', () => {
    expect(feeAndNet(100_000_000n)).toEqual({ fee: 5_000_000n, net: 95_000_000n });
    expect(feeAndNet(12_340_000n)).toEqual({ fee: 617_000n, net: 11_723_000n });
    expect(feeAndNet(1_000_001n)).toEqual({ fee: 50_000n, net: 950_001n });
    const huge = 9_007_199_254_740_993_000_000n; // beyond Number precision
    const { fee, net } = feeAndNet(huge);
    expect(fee + net).toBe(huge);
    expect(fee).toBe((huge * 5n) / 100n);
  });

  it('reads typed amounts (2 decimals at most) as micro-units', () => {
    expect(amountMicro('12.34')).toBe(12_340_000n);
    expect(amountMicro('12.345')).toBeNull();
    expect(amountMicro('')).toBeNull();
    expect(formatAmount(amountMicro(sanitizeAmountInput('0012.349x'))!)).toBe('12.34');
  });

  it('checks the shape of an EVM address and of a fund password', () => {
    expect(looksLikeEvmAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(looksLikeEvmAddress('0x5290840009852788')).toBe(false);
    expect(looksLikeEvmAddress('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe(false);
    expect(isSixDigitPin('123456')).toBe(true);
    expect(isSixDigitPin('12345a')).toBe(false);
    expect(isSixDigitPin('1234567')).toBe(false);
  });
});
