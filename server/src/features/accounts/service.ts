import { hasDirectionControls, isValidDisplayName, isValidPassword, type LocaleTag } from '@rigshare/domain';
import type { LoginData, UserInfo } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../types';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from '../../security/password';
import { checkCaptcha } from './captcha';
import { chargeSmsBudget } from './sms-budget';
import { guessCurrentPassword, guessLogin } from './login-limits';
import { findMemberById, findMemberByPhone, insertMember } from './members';
import { e164Phone, phoneKey, type PhoneInput } from './phone-input';
import { endOtherSessions, endSession, openSession } from './sessions';
import { assertCanSendCode, consumeCode, issueCode, type CodePurpose } from './verification';

/** Runs scrypt even for unknown phones so the reply time does not tell which phones exist. */
const DUMMY_HASH_PROMISE = hashPassword('NotARealPassword0');

function checkNewPassword(password: string, confirmPassword: string): void {
  if (!isValidPassword(password)) throw new AppError(400, 'passwordRule');
  if (password !== confirmPassword) throw new AppError(400, 'passwordMismatch');
}

/** Logs in with phone and password; `ip` is the caller's address, for the failed-login limits. */
export async function login(deps: AppDeps, input: PhoneInput, password: string, ip: string): Promise<{ token: string; data: LoginData }> {
  const db = deps.db.kysely;
  const phone = input.phone.trim() ? phoneKey(deps, input) : '';
  const { result: member } = await guessLogin(deps, ip, phone, async () => {
    const found = phone ? await findMemberByPhone(db, phone) : undefined;
    const valid = await verifyPassword(password, found?.password_hash ?? (await DUMMY_HASH_PROMISE));
    return found && valid ? found : null;
  });
  if (!member) throw new AppError(400, 'loginFailed');
  const token = await openSession(db, member.id, deps.clock(), deps.config.sessionTtlHours);
  return {
    token,
    data: {
      userId: String(member.id),
      headUrl: member.head_url,
      phone: member.phone,
      name: member.name,
      shareCode: member.invite_code,
      createTime: member.created_at,
      invitateCode: member.invite_code,
      markHeadbgUrl: member.mark_headbg_url,
      markText: member.mark_text,
      timezoneType: member.timezone_type ?? 0,
    },
  };
}

export async function sendCode(
  deps: AppDeps,
  input: PhoneInput & { captchaId: string; captchaCode: string; purpose: CodePurpose; locale: LocaleTag },
): Promise<void> {
  const db = deps.db.kysely;
  const now = deps.clock();
  await checkCaptcha(db, input.captchaId, input.captchaCode, now);
  const phone = e164Phone(deps, input);
  const member = await findMemberByPhone(db, phone);
  if (input.purpose === 'register' && member) throw new AppError(409, 'phoneRegistered');
  // A reset for an unknown phone answers like a success, so the form does not reveal who is a member.
  if (input.purpose === 'reset' && !member) return;
  await assertCanSendCode(db, phone, input.purpose, now, deps.config.rateLimits.codePerPhoneMs);
  await chargeSmsBudget(deps, phone);
  await issueCode(db, deps.sms, { phone, purpose: input.purpose, locale: input.locale, now });
}

export async function register(
  deps: AppDeps,
  input: PhoneInput & { password: string; confirmPassword: string; inviteCode: string; smsCode: string },
): Promise<void> {
  const db = deps.db.kysely;
  const now = deps.clock();
  const phone = e164Phone(deps, input);
  checkNewPassword(input.password, input.confirmPassword);
  const inviter = input.inviteCode
    ? await db.selectFrom('users').select('id').where('invite_code', '=', input.inviteCode.toUpperCase()).executeTakeFirst()
    : undefined;
  if (!inviter) throw new AppError(400, 'inviteCodeInvalid');
  if (await findMemberByPhone(db, phone)) throw new AppError(409, 'phoneRegistered');
  await consumeCode(db, { phone, purpose: 'register', code: input.smsCode, now });
  const passwordHash = await hashPassword(input.password);
  try {
    await insertMember(db, { phone, passwordHash, inviterId: inviter.id, now });
  } catch (error) {
    // Two registrations of one phone at once: the unique index decides, the loser hears "registered".
    if (await findMemberByPhone(db, phone)) throw new AppError(409, 'phoneRegistered');
    throw error;
  }
  // The inviter's profile counts their invitees.
  await deps.profileCache.changed({ memberId: inviter.id });
}

/** Sets a new login password with an SMS code; returns the member's id. */
export async function resetPassword(
  deps: AppDeps,
  input: PhoneInput & { smsCode: string; password: string; confirmPassword: string },
): Promise<number> {
  const db = deps.db.kysely;
  const now = deps.clock();
  const phone = e164Phone(deps, input);
  checkNewPassword(input.password, input.confirmPassword);
  await consumeCode(db, { phone, purpose: 'reset', code: input.smsCode, now });
  const member = await findMemberByPhone(db, phone);
  if (!member) throw new AppError(400, 'smsCodeWrong');
  // A login-password change is a security change: withdrawals wait (see features/wallet/security.ts).
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(input.password), withdraw_hold_from: now.toISOString() })
    .where('id', '=', member.id)
    .execute();
  await endOtherSessions(deps, member.id, null);
  return member.id;
}

export async function updatePassword(
  deps: AppDeps,
  memberId: number,
  currentTokenHash: string,
  input: { oldPassword: string; password: string; confirmPassword: string },
): Promise<void> {
  const db = deps.db.kysely;
  const { result: member } = await guessCurrentPassword(deps, memberId, async () => {
    const found = await findMemberById(db, memberId);
    return found && (await verifyPassword(input.oldPassword, found.password_hash)) ? found : null;
  });
  if (!member) throw new AppError(400, 'oldPasswordWrong');
  checkNewPassword(input.password, input.confirmPassword);
  const now = deps.clock();
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(input.password), withdraw_hold_from: now.toISOString() })
    .where('id', '=', memberId)
    .execute();
  await endOtherSessions(deps, memberId, currentTokenHash);
}

/** Revokes the calling session and, when the body names another token of the same member, that one too. */
export async function logout(deps: AppDeps, memberId: number, tokenHashes: string[]): Promise<void> {
  for (const hash of new Set(tokenHashes)) await endSession(deps, memberId, hash);
}

export async function isRegistered(deps: AppDeps, input: PhoneInput): Promise<boolean> {
  return Boolean(await findMemberByPhone(deps.db.kysely, e164Phone(deps, input)));
}

/** The signed-in member's profile, as this instance last read it if that is recent (caches/profile-cache.ts). */
export async function userInfo(deps: AppDeps, memberId: number): Promise<UserInfo | null> {
  const { profileCache } = deps;
  const now = deps.clock().getTime();
  const kept = profileCache.get(memberId, now);
  if (kept) return kept;
  const startedAt = profileCache.lookupStarted();
  const info = await readUserInfo(deps.db.kysely, memberId);
  // One object answers many requests: frozen, so nothing on the way out can change it for the next.
  if (info) profileCache.store(memberId, Object.freeze(info), now, startedAt);
  return info;
}

/**
 * The profile from the database in one query (the member, the inviter's code, the number of invitees),
 * naming its columns so PostgreSQL keeps it prepared (db/prepared-statements.ts).
 */
async function readUserInfo(db: Kysely<Database>, memberId: number): Promise<UserInfo | null> {
  const member = await db
    .selectFrom('users as member')
    .leftJoin('users as inviter', 'inviter.id', 'member.inviter_id')
    .select([
      'member.id',
      'member.phone',
      'member.name',
      'member.head_url',
      'member.grade',
      'member.invite_code',
      'member.mark_headbg_url',
      'member.mark_text',
      'member.timezone_type',
    ])
    .select('inviter.invite_code as inviter_code')
    .select((eb) =>
      eb.selectFrom('users as invitee').select((count) => count.fn.countAll<string | number>().as('n')).whereRef('invitee.inviter_id', '=', 'member.id').as('invitees'),
    )
    .where('member.id', '=', memberId)
    .executeTakeFirst();
  if (!member) return null;
  return {
    userId: String(member.id),
    phone: member.phone,
    name: member.name,
    headUrl: member.head_url,
    grade: member.grade,
    gradeText: `V${member.grade}`,
    invitateCode: member.invite_code,
    upInviteCode: member.inviter_code ?? null,
    shareCode: member.invite_code,
    num: Number(member.invitees ?? 0),
    markHeadbgUrl: member.mark_headbg_url,
    markText: member.mark_text,
    timezoneType: member.timezone_type ?? 0,
  };
}

export async function rename(deps: AppDeps, memberId: number, name: string): Promise<void> {
  if (hasDirectionControls(name)) throw new AppError(400, 'nameDirectionControls');
  if (!isValidDisplayName(name)) throw new AppError(400, 'nameInvalid');
  await deps.db.kysely.updateTable('users').set({ name: name.trim() }).where('id', '=', memberId).execute();
  await deps.profileCache.changed({ memberId });
}

export async function shareInfo(deps: AppDeps, memberId: number): Promise<{ shareUrl: string; inviteCode: string }> {
  const member = await findMemberById(deps.db.kysely, memberId);
  if (!member) throw new AppError(401, 'sessionExpired');
  return { shareUrl: deps.config.shareBaseUrl + encodeURIComponent(member.invite_code), inviteCode: member.invite_code };
}
