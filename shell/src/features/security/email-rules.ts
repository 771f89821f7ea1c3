import { isValidEmail } from '@rigshare/domain';

/** The codes the server emails are six digits. */
export const EMAIL_CODE_LENGTH = 6;

/** Each check returns the `shell` message key of the problem, or null. */
export function emailProblem(email: string | undefined): string | null {
  return email && isValidEmail(email) ? null : 'validation.email';
}

export function emailCodeProblem(code: string | undefined): string | null {
  return code && new RegExp(`^[0-9]{${EMAIL_CODE_LENGTH}}$`).test(code.trim()) ? null : 'validation.emailCode';
}
