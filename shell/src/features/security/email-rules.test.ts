import { emailCodeProblem, emailProblem } from './email-rules';

describe('email form checks', () => {
  it('says "Email format incorrect" for an empty or malformed address', () => {
    expect(emailProblem('member@example.com')).toBeNull();
    expect(emailProblem(' Member@Example.COM ')).toBeNull();
    for (const bad of [undefined, '', 'member', 'member@', 'member@example', 'me mber@example.com']) expect(emailProblem(bad)).toBe('validation.email');
  });

  it('takes a code of six digits only', () => {
    expect(emailCodeProblem('012345')).toBeNull();
    for (const bad of [undefined, '', '12345', '1234567', '12a456']) expect(emailCodeProblem(bad)).toBe('validation.emailCode');
  });
});
