import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { newId } from '../../security/random';

const CAPTCHA_TTL_MS = 5 * 60_000;

/** A new image code; the answer is kept (plain text, short-lived, single use) for checkCaptcha. */
export async function createCaptcha(db: Kysely<Database>, now: Date): Promise<{ captchaId: string; svg: string }> {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6fb' });
  const captchaId = newId();
  await db
    .insertInto('captchas')
    .values({ id: captchaId, answer: text, expires_at: new Date(now.getTime() + CAPTCHA_TTL_MS).toISOString(), used_at: null })
    .execute();
  // Old rows are useless after expiry; clearing them here keeps the table small without a job.
  await db.deleteFrom('captchas').where('expires_at', '<', new Date(now.getTime() - CAPTCHA_TTL_MS).toISOString()).execute();
  return { captchaId, svg: data };
}

/** Consumes the captcha whatever the outcome, so one image allows one guess. */
export async function checkCaptcha(db: Kysely<Database>, captchaId: string, answer: string, now: Date): Promise<void> {
  if (!captchaId || !answer) throw new AppError(400, 'captchaRequired');
  const consumed = await db
    .updateTable('captchas')
    .set({ used_at: now.toISOString() })
    .where('id', '=', captchaId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('answer')
    .executeTakeFirst();
  if (!consumed || consumed.answer.toLowerCase() !== answer.toLowerCase()) throw new AppError(400, 'captchaWrong');
}
