import { AppError } from '../../errors';
import { verifyPassword } from '../../security/password';
import type { AppDeps } from '../../types';
import { notifyMember } from '../messages/service';

/**
 * Wrong fund passwords in a row, counted on the shared counters (every API process sees the same
 * count). The maxFailures-th wrong one in a row locks the fund password for lockMs: until then no PIN
 * is checked, the right one included, and the member reads how long it stays locked. The lock also
 * leaves a message in the member's messages. A right PIN starts the count again.
 *
 * Each try is counted before scrypt runs, so tries sent in parallel cannot all slip in before the
 * first wrong ones are counted: a try beyond the limit is refused without being checked.
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
  const tries = await deps.counters.increment(k.failures, rule.forgetMs);
  if (tries > rule.maxFailures) throw locked(rule.lockMs);
  if (pin && (await verifyPassword(pin, hash))) {
    await deps.counters.remove(k.failures);
    return;
  }
  if (tries < rule.maxFailures) throw new AppError(400, 'fundPasswordWrong', {}, { fix: null });

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
