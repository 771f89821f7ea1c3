import type { LocaleTag } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { guess, perWindow } from '../../security/guess-limits';
import { newSmsCode, sha256 } from '../../security/random';
import type { SmsSender } from '../../sms/sms-sender';

export type CodePurpose = 'register' | 'reset' | 'paypwd' | 'email';

const CODE_TTL_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;

/** Refuses a second code for the same phone and purpose within `minIntervalMs`. */
export async function assertCanSendCode(
  db: Kysely<Database>,
  phone: string,
  purpose: CodePurpose,
  now: Date,
  minIntervalMs: number,
): Promise<void> {
  const last = await db
    .selectFrom('verification_codes')
    .select('created_at')
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!last) return;
  const waitMs = new Date(last.created_at).getTime() + minIntervalMs - now.getTime();
  if (waitMs > 0) throw new AppError(429, 'codeTooSoon', { seconds: Math.ceil(waitMs / 1000) });
}

/** Stores a new code (hashed) and sends it by SMS; earlier codes of the same purpose stop working. */
export async function issueCode(
  db: Kysely<Database>,
  sms: SmsSender,
  input: { phone: string; purpose: CodePurpose; locale: LocaleTag; now: Date },
): Promise<void> {
  const code = await storeCode(db, input);
  await sms.send({ phone: input.phone, purpose: input.purpose, code, body: translate(input.locale, 'smsBody', { code }) });
}

/**
 * Stores a new code (hashed) for the phone and purpose and returns it for sending; earlier codes of the
 * same purpose stop working. `email`: the address an email code goes to, which it then proves.
 */
export async function storeCode(db: Kysely<Database>, input: { phone: string; purpose: CodePurpose; now: Date; email?: string }): Promise<string> {
  const code = newSmsCode();
  const { phone, purpose, now } = input;
  await db
    .updateTable('verification_codes')
    .set({ used_at: now.toISOString() })
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('verification_codes')
    .values({
      phone,
      purpose,
      code_hash: sha256(code),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
      used_at: null,
      email: input.email ?? null,
    })
    .execute();
  return code;
}

/**
 * Checks and consumes the newest live code. Each guess is a try taken on the code before it is compared
 * (security/guess-limits.ts): of guesses sent at once, at most MAX_ATTEMPTS are compared, and after
 * MAX_ATTEMPTS wrong ones the code is dead. An email code counts only for the address it was sent to.
 * Not for use inside a transaction: a counted wrong guess must survive the error it throws.
 */
export async function consumeCode(
  db: Kysely<Database>,
  input: { phone: string; purpose: CodePurpose; code: string; now: Date; email?: string },
): Promise<void> {
  const { phone, purpose, now } = input;
  const wrong = input.email === undefined ? 'smsCodeWrong' : 'emailCodeWrong';
  const row = await db
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', 'email'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) throw new AppError(400, wrong);
  const tooMany = () => new AppError(400, 'smsCodeTooManyAttempts');
  const { result: right, taken } = await guess(
    db,
    now,
    [{ key: `code:${row.id}`, rule: perWindow(MAX_ATTEMPTS, CODE_TTL_MS), refusal: tooMany, onRight: 'clear' }],
    async () => (row.code_hash === sha256(input.code) && row.email === (input.email ?? null) ? true : null),
  );
  if (!right) throw taken[0].count >= MAX_ATTEMPTS ? tooMany() : new AppError(400, wrong);
  const used = await db
    .updateTable('verification_codes')
    .set({ used_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new AppError(400, wrong);
}
