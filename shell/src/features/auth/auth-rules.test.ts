import { confirmProblem, passwordProblem, phoneProblem, sendCodeProblem, smsCodeProblem } from './auth-rules';

describe('auth form checks (SPEC.md section 5)', () => {
  it('accepts a password of 8 to 24 letters and digits starting with a letter', () => {
    expect(passwordProblem('Demo12345')).toBeNull();
    expect(passwordProblem('1demo2345')).toBe('validation.password');
    expect(passwordProblem('Short1')).toBe('validation.password');
    expect(passwordProblem('Demo_12345')).toBe('validation.password');
    expect(passwordProblem('A'.repeat(25))).toBe('validation.password');
  });

  it('says "Inconsistent passwords" when the confirmation differs', () => {
    expect(confirmProblem('Demo12345', 'Demo12346')).toBe('validation.passwordMismatch');
    expect(confirmProblem('Demo12345', 'Demo12345')).toBeNull();
    expect(confirmProblem('Demo12345', '')).toBe('validation.confirmRequired');
  });

  it('needs a valid phone, then the image code, before sending an SMS code', () => {
    expect(sendCodeProblem('12', undefined, 'abcd')).toBe('validation.phoneForCode');
    expect(sendCodeProblem('900000001', 'IN', 'abcd')).toBe('validation.phoneForCode');
    expect(sendCodeProblem('9000000001', 'IN', '')).toBe('validation.captchaRequired');
    expect(sendCodeProblem('9000000001', 'IN', 'ab12')).toBeNull();
  });

  it('checks the phone and SMS code formats with the domain rules', () => {
    expect(phoneProblem('9000000001')).toBeNull();
    expect(phoneProblem('90-00')).toBe('validation.phone');
    expect(phoneProblem('612345678', 'ES')).toBeNull();
    expect(phoneProblem('612345678', 'IN')).toBe('validation.phone');
    expect(smsCodeProblem('123456')).toBeNull();
    expect(smsCodeProblem('12')).toBe('validation.smsCode');
  });
});
