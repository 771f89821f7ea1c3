import type { FormItemProps } from 'antd-mobile';
import { isValidCode, isValidPassword, isValidPhone, toE164 } from '@rigshare/domain';
import { checkRule } from '@rigshare/ui';

/**
 * Form checks built on the domain rules (SPEC.md section 5). Each returns the `shell` message
 * key of the first problem, or null.
 */
/** A number of the picked country (its digit count); any 6 to 15 digits while the countries have not loaded. */
function phoneFits(phone: string | undefined, country: string | undefined): boolean {
  if (!phone) return false;
  return country ? toE164(phone, country) !== null : isValidPhone(phone);
}

export function phoneProblem(phone: string | undefined, country?: string): string | null {
  return phoneFits(phone, country) ? null : 'validation.phone';
}

export function passwordProblem(password: string | undefined): string | null {
  return password && isValidPassword(password) ? null : 'validation.password';
}

export function confirmProblem(password: string | undefined, confirm: string | undefined): string | null {
  if (!confirm) return 'validation.confirmRequired';
  return password === confirm ? null : 'validation.passwordMismatch';
}

export function smsCodeProblem(code: string | undefined): string | null {
  return code && isValidCode(code) ? null : 'validation.smsCode';
}

/** Before a code is sent: a valid phone first, then the image code. */
export function sendCodeProblem(phone: string | undefined, country: string | undefined, captchaCode: string | undefined): string | null {
  if (!phoneFits(phone, country)) return 'validation.phoneForCode';
  if (!captchaCode || !captchaCode.trim()) return 'validation.captchaRequired';
  return null;
}

/** Turns a message key from the checks above into a form validation error. */
export function ruleCheck(problem: string | null, t: (key: string) => string): void {
  if (problem) throw new Error(t(problem));
}

/** A field's rules: the problem `problemOf` finds in its value, as a form validation error. */
export function ruleOf(problemOf: (value: string | undefined) => string | null, t: (key: string) => string): FormItemProps['rules'] {
  return checkRule((value) => {
    const problem = problemOf(value);
    return problem && t(problem);
  });
}
