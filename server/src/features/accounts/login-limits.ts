import { AppError } from '../../errors';
import { doublingDelay, guess, perWindow, type Guessed } from '../../security/guess-limits';
import type { AppDeps } from '../../types';

/**
 * Password guessing limits of POST auth/token/pass, taken before the password is checked
 * (security/guess-limits.ts), so a burst is held to them as a series is:
 * - one phone from one address: loginPerIpPhone tries per window;
 * - one address, any phone: loginFailuresPerIp tries per window (many phones from one address);
 * - one phone from any address: after loginPerAccount.freeFailures, a delay that doubles with each
 *   failure up to maxDelayMs (many addresses against one phone). It slows guessing without letting
 *   anyone lock a member out: the wait is never longer than maxDelayMs, and the right password ends it.
 * Only failures stay counted: the right password gives its try back. A refused try does not check the
 * password at all, so refusals tell nothing about it.
 */

/** Phones are short; a longer "phone" is someone else's input and is cut for the key. */
const keyPhone = (phone: string) => phone.slice(0, 32);

const tooMany = () => new AppError(429, 'tooManyRequests');

/**
 * A login try for the phone from the address: `check` (the password's comparison: the member, or null)
 * runs only once the try is taken; otherwise 429, before the password is read.
 */
export function guessLogin<T>(deps: AppDeps, ip: string, phone: string, check: () => Promise<T | null>): Promise<Guessed<T>> {
  const limits = deps.config.rateLimits;
  const p = keyPhone(phone);
  return guess(deps.db.kysely, deps.clock(), [
    // The right password ends the phone's series from this address.
    { key: `login:ip-phone:${ip}|${p}`, rule: perWindow(limits.loginPerIpPhone.max, limits.loginPerIpPhone.windowMs), refusal: tooMany, onRight: 'clear' },
    // The address's own count stays: logging in to one's own account between guesses at others must not reset it.
    { key: `login:ip:${ip}`, rule: perWindow(limits.loginFailuresPerIp.max, limits.loginFailuresPerIp.windowMs), refusal: tooMany, onRight: 'giveBack' },
    {
      key: `login:account:${p}`,
      rule: doublingDelay(limits.loginPerAccount),
      refusal: (waitMs) => new AppError(429, 'loginDelayed', { seconds: Math.ceil(waitMs / 1000) }),
      onRight: 'clear',
    },
  ], check);
}

/**
 * Changing the login password asks for the current one: a session alone (a phone left unlocked, a stolen
 * token) must not be a way to guess it. PASSWORD_CHANGE_TRIES wrong ones in a window, then 429.
 */
export const PASSWORD_CHANGE_TRIES = { max: 5, windowMs: 15 * 60_000 } as const;

export function guessCurrentPassword<T>(deps: AppDeps, memberId: number, check: () => Promise<T | null>): Promise<Guessed<T>> {
  return guess(
    deps.db.kysely,
    deps.clock(),
    [{ key: `password-change:${memberId}`, rule: perWindow(PASSWORD_CHANGE_TRIES.max, PASSWORD_CHANGE_TRIES.windowMs), refusal: tooMany, onRight: 'clear' }],
    check,
  );
}
