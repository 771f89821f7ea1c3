import { AppError } from '../../errors';
import { guess, perWindow, type Guessed } from '../../security/guess-limits';
import type { AppDeps } from '../../types';

/**
 * Guessing limits of the staff login (password and TOTP code) and enrolment: tries per login and per
 * address in a 15-minute window, taken before the password is read (security/guess-limits.ts), so a
 * burst from one address or many is held to them and a refused try tells nothing. Only failures stay
 * counted: a right login gives its try back.
 */
export const STAFF_LOGIN_LIMITS = { perLogin: 5, perAddress: 20, windowMs: 15 * 60_000 } as const;

const tooMany = () => new AppError(429, 'tooManyRequests');

/** A staff login try: `check` (the password and code's check: what they open, or null) runs only once the try is taken. */
export function guessStaffLogin<T>(deps: AppDeps, ip: string, login: string, check: () => Promise<T | null>): Promise<Guessed<T>> {
  const { perLogin, perAddress, windowMs } = STAFF_LOGIN_LIMITS;
  return guess(deps.db.kysely, deps.clock(), [
    { key: `staff-login:login:${login.trim().toLowerCase().slice(0, 64)}`, rule: perWindow(perLogin, windowMs), refusal: tooMany, onRight: 'giveBack' },
    { key: `staff-login:ip:${ip}`, rule: perWindow(perAddress, windowMs), refusal: tooMany, onRight: 'giveBack' },
  ], check);
}
