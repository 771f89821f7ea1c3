import { AppError } from '../../errors';
import type { AppDeps } from '../../types';

/**
 * Guessing limits of the staff login (and enrolment), on the shared counters (Redis when REDIS_URL is set):
 * failed tries per login and per address in a 15-minute window. Checked before the password is read, so a
 * refused try tells nothing. Only failures count.
 */
export const STAFF_LOGIN_LIMITS = { perLogin: 5, perAddress: 20, windowMs: 15 * 60_000 } as const;

function keys(deps: AppDeps, ip: string, login: string) {
  const bucket = Math.floor(deps.clock().getTime() / STAFF_LOGIN_LIMITS.windowMs);
  return { login: `staff-login:login:${login.trim().toLowerCase().slice(0, 64)}:${bucket}`, ip: `staff-login:ip:${ip}:${bucket}` };
}

export async function assertStaffLoginAllowed(deps: AppDeps, ip: string, login: string): Promise<void> {
  const k = keys(deps, ip, login);
  const [byLogin, byIp] = await Promise.all([deps.counters.read(k.login), deps.counters.read(k.ip)]);
  if (byLogin >= STAFF_LOGIN_LIMITS.perLogin || byIp >= STAFF_LOGIN_LIMITS.perAddress) throw new AppError(429, 'tooManyRequests');
}

export async function recordStaffLoginFailure(deps: AppDeps, ip: string, login: string): Promise<void> {
  const k = keys(deps, ip, login);
  await Promise.all([deps.counters.increment(k.login, STAFF_LOGIN_LIMITS.windowMs), deps.counters.increment(k.ip, STAFF_LOGIN_LIMITS.windowMs)]);
}
