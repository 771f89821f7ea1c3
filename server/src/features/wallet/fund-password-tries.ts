import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { guess, holdGuesses, inARow } from '../../security/guess-limits';
import { verifyPassword } from '../../security/password';
import type { AppDeps } from '../../types';
import { notifyMember } from '../../notices';

/**
 * Wrong fund passwords in a row, taken as tries before the PIN is checked (security/guess-limits.ts): of
 * tries sent at once, at most the ones left before the limit are checked, the right PIN included, and
 * the others are refused. The maxFailures-th wrong one in a row locks the fund password for lockMs: until
 * then no PIN is checked and the member reads until when it stays locked; before it, each wrong try says how
 * many are left. The lock also leaves a message in
 * the member's messages. A right PIN starts the count again.
 */

const key = (userId: number) => `fund-password:${userId}`;

/** Until when the member's fund password is locked (ISO time), or null: the app shows the lock before a PIN is typed. */
export async function fundPasswordLockedUntil(db: Kysely<Database>, userId: number, maxFailures: number, now: Date): Promise<string | null> {
  const row = await db.selectFrom('guess_counters').select(['count', 'expires_at']).where('key', '=', key(userId)).executeTakeFirst();
  return row && row.count >= maxFailures && Date.parse(row.expires_at) > now.getTime() ? new Date(row.expires_at).toISOString() : null;
}

/**
 * The refusal while locked, with the lock's end (`data.lockedUntil`) so the PIN pad can show it and stay
 * disabled until then; a try refused while the last allowed ones are still being checked reads the lock it may bring.
 */
function locked(deps: AppDeps, waitMs: number): AppError {
  const lockMs = Math.min(waitMs, deps.config.rateLimits.fundPassword.lockMs);
  const minutes = Math.max(1, Math.ceil(lockMs / 60_000));
  const lockedUntil = new Date(deps.clock().getTime() + lockMs).toISOString();
  return new AppError(429, 'fundPasswordLocked', { minutes }, { fix: null, lockedUntil });
}

/** Checks `pin` against the member's fund password hash under the lock rules; throws when it is not the right one. */
export async function checkFundPassword(deps: AppDeps, userId: number, pin: string, hash: string): Promise<void> {
  const { maxFailures, lockMs, forgetMs } = deps.config.rateLimits.fundPassword;
  const { result: right, taken } = await guess(
    deps.db.kysely,
    deps.clock(),
    [{ key: key(userId), rule: inARow(maxFailures, forgetMs), refusal: (waitMs) => locked(deps, waitMs), onRight: 'clear' }],
    async () => (pin && (await verifyPassword(pin, hash)) ? true : null),
  );
  if (right) return;
  // The member is warned before the lock: how many wrong tries in a row it still takes.
  const triesLeft = maxFailures - taken[0].count;
  if (triesLeft > 0) throw new AppError(400, 'fundPasswordWrongTriesLeft', { count: triesLeft }, { fix: null, triesLeft });

  const now = deps.clock();
  await holdGuesses(deps.db.kysely, key(userId), new Date(now.getTime() + lockMs));
  const minutes = Math.ceil(lockMs / 60_000);
  await notifyMember(deps.db.kysely, {
    userId,
    kind: 'security',
    titleKey: 'pushFundPasswordLockedTitle',
    bodyKey: 'pushFundPasswordLockedBody',
    params: { count: maxFailures, minutes },
    at: now,
  });
  deps.log.warn({ userId, minutes }, 'fund password locked after wrong tries in a row');
  throw locked(deps, lockMs);
}
