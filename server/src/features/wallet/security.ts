import { isValidFundPassword, type LocaleTag } from '@rigshare/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, onField } from '../../errors';
import { hashPassword } from '../../security/password';
import type { AppDeps } from '../../types';
import { assertCanSendCode, chargeSmsBudget, checkCaptcha, consumeCode, findMemberById, issueCode } from '../accounts';

/**
 * The fund password (a 6-digit PIN, scrypt like login passwords) and the withdrawal hold: after a
 * security change (login password; replacing the fund password, address or bank card) withdrawals wait
 * WITHDRAW_HOLD_HOURS. Setting up the first fund password, address or bank card is not a change.
 */

/** Records a security change: withdrawals are refused until `now` + the hold. Runs inside the caller's transaction. */
export async function startWithdrawHold(db: Kysely<Database>, userId: number, now: Date): Promise<void> {
  await db.updateTable('users').set({ withdraw_hold_from: now.toISOString() }).where('id', '=', userId).execute();
}

/** When the member's hold ends, or null when none is active at `now`. */
export function holdUntil(holdFrom: string | null, holdHours: number, now: Date): Date | null {
  if (!holdFrom) return null;
  const until = new Date(new Date(holdFrom).getTime() + holdHours * 3_600_000);
  return until.getTime() > now.getTime() ? until : null;
}

export async function hasPayPassword(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.pay_password_hash);
}

/** Sends a 'paypwd' code to the member's own phone (captcha, per-phone interval as for registration codes). */
export async function sendPayPasswordCode(
  deps: AppDeps,
  userId: number,
  input: { captchaId: string; captchaCode: string; locale: LocaleTag },
): Promise<void> {
  const db = deps.db.kysely;
  const now = deps.clock();
  await checkCaptcha(db, input.captchaId, input.captchaCode, now);
  const member = await findMemberById(db, userId);
  if (!member) throw new AppError(401, 'sessionExpired');
  await assertCanSendCode(db, member.phone, 'paypwd', now, deps.config.rateLimits.codePerPhoneMs);
  await chargeSmsBudget(deps, member.phone);
  await issueCode(db, deps.sms, { phone: member.phone, purpose: 'paypwd', locale: input.locale, now });
}

/**
 * Sets or changes the fund password with an SMS code. A change starts the withdrawal hold; the first
 * fund password is setup, not a change, and starts none. One statement decides from the stored hash.
 */
export async function updatePayPassword(
  deps: AppDeps,
  userId: number,
  input: { smsCode: string; payPassword: string; confirmPayPassword: string },
): Promise<void> {
  const db = deps.db.kysely;
  const now = deps.clock();
  if (!isValidFundPassword(input.payPassword)) throw new AppError(400, 'fundPasswordRule', {}, onField('payPassword'));
  if (input.payPassword !== input.confirmPayPassword) throw new AppError(400, 'fundPasswordMismatch', {}, onField('confirmPayPassword'));
  const member = await findMemberById(db, userId);
  if (!member) throw new AppError(401, 'sessionExpired');
  try {
    await consumeCode(db, { phone: member.phone, purpose: 'paypwd', code: input.smsCode, now });
  } catch (error) {
    // A wrong or spent code: said under the SMS code field.
    if (error instanceof AppError && error.statusCode === 400) throw new AppError(400, error.messageKey, error.params, onField('smsCode'));
    throw error;
  }
  const hash = await hashPassword(input.payPassword);
  await db
    .updateTable('users')
    .set({
      pay_password_hash: hash,
      pay_password_set_at: now.toISOString(),
      withdraw_hold_from: sql<string | null>`CASE WHEN pay_password_hash IS NULL THEN withdraw_hold_from ELSE ${now.toISOString()} END`,
    })
    .where('id', '=', userId)
    .execute();
}
