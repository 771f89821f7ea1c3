import { AppError } from '../../errors';
import { verifyPassword } from '../../security/password';
import type { AppDeps } from '../../types';
import { notifyMember } from '../messages';

/**
 * Wrong fund passwords in a row, counted on the shared counters (every API process sees the same
 * count). The maxFailures-th wrong one in a row locks the fund password for lockMs: until then no PIN
 * is checked, the right one included, and the member reads how long it stays locked. The lock also
 * leaves a message in the member's messages. A right PIN starts the count again.
 *
 * Guesses sent in parallel all pass the first lock check while scrypt runs; so the lock is checked
 * again after, and a right PIN is refused while wrong ones in flight have reached the limit: parallel
 * guessing gets no more answers than sequential guessing. Concurrent requests with the right PIN (a
 * double tap) are not refused.
 */

const keys = (userId: number) => ({ failures: `fund-password:${userId}:n`, lockedUntil: `fund-password:${userId}:locked-until` });

function locked(waitMs: number): AppError {
  return new AppError(429, 'fundPasswordLocked', { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) });
}

/** Refuses (429, with the minutes left) while the member's fund password is locked. */
export async function assertFundPasswordUnlocked(deps: AppDeps, userId: number): Promise<void> {
  const until = await deps.counters.read(keys(userId).lockedUntil);
  const waitMs = until - deps.clock().getTime();
  if (waitMs > 0) throw locked(waitMs);
}

/** Checks `pin` against the member's fund password hash under the lock rules; throws when it is not the right one. */
export async function checkFundPassword(deps: AppDeps, userId: number, pin: string, hash: string): Promise<void> {
  const rule = deps.config.rateLimits.fundPassword;
  const k = keys(userId);
  await assertFundPasswordUnlocked(deps, userId);
  const right = Boolean(pin) && (await verifyPassword(pin, hash));
  await assertFundPasswordUnlocked(deps, userId);
  if (right) {
    if ((await deps.counters.read(k.failures)) >= rule.maxFailures) throw locked(rule.lockMs);
    await deps.counters.remove(k.failures);
    return;
  }
  const failures = await deps.counters.increment(k.failures, rule.forgetMs);
  if (failures < rule.maxFailures) throw new AppError(400, 'fundPasswordWrong', {}, { fix: null });
  // Another wrong try in flight reached the limit first and is locking it.
  if (failures > rule.maxFailures) throw locked(rule.lockMs);

  const now = deps.clock();
  await deps.counters.write(k.lockedUntil, now.getTime() + rule.lockMs, rule.lockMs);
  await deps.counters.remove(k.failures);
  const minutes = Math.ceil(rule.lockMs / 60_000);
  await notifyMember(deps.db.kysely, {
    userId,
    kind: 'security',
    titleKey: 'pushFundPasswordLockedTitle',
    bodyKey: 'pushFundPasswordLockedBody',
    params: { count: rule.maxFailures, minutes },
    at: now,
  });
  deps.log.warn({ userId, minutes }, 'fund password locked after wrong tries in a row');
  throw locked(rule.lockMs);
}
