import { AppError } from '../../errors';
import type { AppDeps } from '../../types';

/**
 * Password guessing limits of POST auth/token/pass. Only failed logins count (a member who logs in
 * often is never refused), on the shared counters so every API process sees the same numbers:
 * - one phone from one address: loginPerIpPhone failures per window;
 * - one address, any phone: loginFailuresPerIp failures per window (many phones from one address);
 * - one phone from any address: after loginPerAccount.freeFailures, a delay that doubles with each
 *   failure up to maxDelayMs (many addresses against one phone). It slows guessing without letting
 *   anyone lock a member out: the wait is never longer than maxDelayMs, and the right password ends it.
 * A refused try does not check the password at all, so refusals tell nothing about it.
 */

/** Phones are short; a longer "phone" is someone else's input and is cut for the key. */
const keyPhone = (phone: string) => phone.slice(0, 32);
const bucket = (now: Date, windowMs: number) => Math.floor(now.getTime() / windowMs);

function keys(deps: AppDeps, ip: string, phone: string) {
  const limits = deps.config.rateLimits;
  const now = deps.clock();
  const p = keyPhone(phone);
  return {
    ipPhone: `login:ip-phone:${ip}|${p}:${bucket(now, limits.loginPerIpPhone.windowMs)}`,
    ip: `login:ip:${ip}:${bucket(now, limits.loginFailuresPerIp.windowMs)}`,
    accountFailures: `login:account:${p}:n`,
    accountLast: `login:account:${p}:at`,
  };
}

/** How long the phone waits after `failures` failed logins in a row (0 within the free ones). */
export function accountDelayMs(failures: number, rule: AppDeps['config']['rateLimits']['loginPerAccount']): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 30);
  return Math.min(rule.baseDelayMs * 2 ** doublings, rule.maxDelayMs);
}

/** Refuses (429) a login try that a limit forbids now; checks before the password is read. */
export async function assertLoginAllowed(deps: AppDeps, ip: string, phone: string): Promise<void> {
  const { counters } = deps;
  const limits = deps.config.rateLimits;
  const k = keys(deps, ip, phone);
  const [ipPhone, fromIp, failures, last] = await Promise.all([
    counters.read(k.ipPhone),
    counters.read(k.ip),
    counters.read(k.accountFailures),
    counters.read(k.accountLast),
  ]);
  if (ipPhone >= limits.loginPerIpPhone.max || fromIp >= limits.loginFailuresPerIp.max) throw new AppError(429, 'tooManyRequests');
  const waitMs = last + accountDelayMs(failures, limits.loginPerAccount) - deps.clock().getTime();
  if (failures >= limits.loginPerAccount.freeFailures && waitMs > 0) {
    throw new AppError(429, 'loginDelayed', { seconds: Math.ceil(waitMs / 1000) });
  }
}

export async function recordLoginFailure(deps: AppDeps, ip: string, phone: string): Promise<void> {
  const { counters } = deps;
  const limits = deps.config.rateLimits;
  const k = keys(deps, ip, phone);
  const forget = limits.loginPerAccount.forgetMs;
  await Promise.all([
    counters.increment(k.ipPhone, limits.loginPerIpPhone.windowMs),
    counters.increment(k.ip, limits.loginFailuresPerIp.windowMs),
    counters.increment(k.accountFailures, forget),
    counters.write(k.accountLast, deps.clock().getTime(), forget),
  ]);
}

/**
 * The right password ends the phone's delay and its count from this address. The address's own count
 * stays: logging in to one's own account between guesses at others must not reset it.
 */
export async function recordLoginSuccess(deps: AppDeps, ip: string, phone: string): Promise<void> {
  const k = keys(deps, ip, phone);
  await deps.counters.remove(k.ipPhone, k.accountFailures, k.accountLast);
}
