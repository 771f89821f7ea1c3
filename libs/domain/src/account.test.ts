import { maskPhone } from './account';

describe('account rules', () => {
  it('masks a phone to its first 3 and last 2 digits, hiding at least half of a short one', () => {
    expect(maskPhone('9876543221')).toBe('987****21');
    expect(maskPhone(' 9000000001 ')).toBe('900****01');
    expect(maskPhone('+919876543210')).toBe('987****10');
    expect(maskPhone('+2348031234567')).toBe('803****67');
    expect(maskPhone('123456789')).toBe('123****89');
    expect(maskPhone('12345678')).toBe('12****8');
    expect(maskPhone('123456')).toBe('12****6');
    expect(maskPhone('12345')).toBe('1****');
  });
});
