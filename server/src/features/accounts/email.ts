/**
 * A member's email address (SPEC /user/bindEmail, /user/verify): bound once the member enters the code
 * sent to it, so an address on an account is one its owner reads. One member per address; stored in
 * lower case, as mail systems treat addresses.
 */
import { isValidEmail, type LocaleTag } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, onField } from '../../errors';
import { translate } from '../../i18n';
import type { AppDeps } from '../../types';
import { findMemberById } from './members';
import { assertCanSendCode, consumeCode, storeCode } from './verification';
import { isUniqueViolation } from '../../db/constraint-errors';

export async function memberEmail(db: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

/** Sends a code to the address (one a minute per member), after checking nobody has it yet. */
export async function sendEmailCode(deps: AppDeps, userId: number, input: { email: string; locale: LocaleTag }): Promise<void> {
  const db = deps.db.kysely;
  const now = deps.clock();
  const email = checkedEmail(input.email);
  const member = await findMemberById(db, userId);
  if (!member) throw new AppError(401, 'sessionExpired');
  const owner = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (owner?.id === userId) throw new AppError(400, 'emailAlreadyYours', {}, onField('email'));
  if (owner) throw new AppError(409, 'emailTaken', {}, onField('email'));
  await assertCanSendCode(db, member.phone, 'email', now, deps.config.rateLimits.codePerPhoneMs);
  const code = await storeCode(db, { phone: member.phone, purpose: 'email', now, email });
  await deps.email.send({
    to: email,
    purpose: 'email',
    code,
    subject: translate(input.locale, 'emailCodeSubject'),
    body: translate(input.locale, 'emailCodeBody', { code }),
  });
}

/** Binds the address the member's newest code went to, replacing any earlier one; returns it. */
export async function bindEmail(deps: AppDeps, userId: number, input: { email: string; code: string }): Promise<string> {
  const db = deps.db.kysely;
  const now = deps.clock();
  const email = checkedEmail(input.email);
  const member = await findMemberById(db, userId);
  if (!member) throw new AppError(401, 'sessionExpired');
  try {
    await consumeCode(db, { phone: member.phone, purpose: 'email', code: input.code, now, email });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) throw new AppError(400, error.messageKey, error.params, onField('code'));
    throw error;
  }
  try {
    await db.updateTable('users').set({ email }).where('id', '=', userId).execute();
  } catch (error) {
    // Another member bound it between this member's code and now (users_email_idx is unique).
    if (isUniqueViolation(error)) throw new AppError(409, 'emailTaken', {}, onField('email'));
    throw error;
  }
  return email;
}

function checkedEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!isValidEmail(email)) throw new AppError(400, 'emailInvalid', {}, onField('email'));
  return email;
}
