import { STAFF_ROLES, type StaffRole } from '@rigshare/api-schema';
import type { Kysely } from 'kysely';
import { auditStaffAction } from '../../audit';
import type { Database } from '../../db/schema';
import { OperatorError } from '../../operator-error';
import { hashPassword, verifyPassword } from '../../security/password';
import { newToken, sha256 } from '../../security/random';
import { acceptedStep, newTotpSecret, openSecret, otpauthUri, sealSecret } from './totp';
import { recordStaffSessionEnded } from '../../events';

/**
 * Staff accounts, apart from members: a login, a password hashed like members', a role, a mandatory TOTP
 * second factor. `npm run admin -- staff:create` makes one and prints the enrolment URI; the first login
 * in the console shows it as a QR code again until one valid code confirms it (then never again).
 */

export const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);
const LOGIN_PATTERN = /^[a-z0-9][a-z0-9._-]{2,63}$/;

export interface StaffAccount {
  id: number;
  login: string;
  role: StaffRole;
}

const findByLogin = (db: Kysely<Database>, login: string) => db.selectFrom('staff').selectAll().where('login', '=', login).executeTakeFirst();

/** Creates a staff account; returns the otpauth URI for the authenticator app (shown once here, and at the first login). */
export async function createStaff(
  db: Kysely<Database>,
  input: { login: string; role: string; password: string; totpKey: string | null; by: string; at: Date },
): Promise<{ id: number; otpauthUri: string }> {
  const login = input.login.trim().toLowerCase();
  if (!LOGIN_PATTERN.test(login)) throw new OperatorError(`Not a staff login: "${login}" (3 to 64 lower-case letters, digits, dot, dash, underscore)`);
  if (!isStaffRole(input.role)) throw new OperatorError(`--role must be one of: ${STAFF_ROLES.join(', ')}`);
  if (input.password.length < 12 || input.password.length > 128) throw new OperatorError('Set STAFF_PASSWORD to the password: 12 to 128 characters');
  if (await findByLogin(db, login)) throw new OperatorError(`Staff login ${login} is taken`);
  const secret = newTotpSecret();
  const passwordHash = await hashPassword(input.password);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('staff')
      .values({ login, password_hash: passwordHash, role: input.role, totp_secret: sealSecret(secret, input.totpKey), created_at: input.at.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await auditStaffAction(trx, { by: input.by }, { action: 'staff.create', target: `staff:${login}`, after: input.role, at: input.at });
    return row.id;
  });
  return { id, otpauthUri: otpauthUri(login, secret) };
}

/** Disables nothing, ends every session of the login (staff:revoke); returns how many were live. */
export async function revokeStaffSessions(db: Kysely<Database>, input: { login: string; by: string; at: Date }): Promise<number> {
  const staff = await findByLogin(db, input.login.trim().toLowerCase());
  if (!staff) throw new OperatorError(`No staff login ${input.login}`);
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('staff_sessions')
      .set({ revoked_at: input.at.toISOString() })
      .where('staff_id', '=', staff.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await auditStaffAction(trx, { by: input.by }, { action: 'staff.revoke', target: `staff:${staff.login}`, details: `${result.numUpdatedRows} session(s)`, at: input.at });
    return Number(result.numUpdatedRows);
  });
}

/** The staff member if the password is right and the account usable; null otherwise (the caller answers one error for all). */
export async function checkStaffPassword(db: Kysely<Database>, login: string, password: string) {
  const staff = await findByLogin(db, login.trim().toLowerCase());
  // A missing login still costs a hash check, so the answer's timing says nothing about which logins exist.
  if (!staff) {
    await verifyPassword(password, DUMMY_HASH ?? (DUMMY_HASH = await hashPassword('not-a-staff-password')));
    return null;
  }
  if (!(await verifyPassword(password, staff.password_hash)) || staff.disabled) return null;
  return staff;
}
let DUMMY_HASH: string | undefined;

/** Enrolment (the first login): the URI, while the account has not confirmed a code yet; null otherwise. */
export async function enrolmentUri(db: Kysely<Database>, input: { login: string; password: string; totpKey: string | null }): Promise<string | null> {
  const staff = await checkStaffPassword(db, input.login, input.password);
  if (!staff || staff.enrolled) return null;
  return otpauthUri(staff.login, openSecret(staff.totp_secret, input.totpKey));
}

/**
 * Login: the password and a code newer than the last accepted one. The first accepted code also confirms
 * the enrolment. Opens a session (the token's hash stored) and returns the token, or null for any wrong part.
 */
export async function loginStaff(
  db: Kysely<Database>,
  input: { login: string; password: string; code: string; totpKey: string | null; sourceAddress: string; at: Date },
): Promise<{ token: string; staff: StaffAccount } | null> {
  const staff = await checkStaffPassword(db, input.login, input.password);
  if (!staff) return null;
  const step = acceptedStep(openSecret(staff.totp_secret, input.totpKey), input.code, staff.totp_last_step, input.at);
  if (step === null) return null;
  return db.transaction().execute(async (trx) => {
    // The step only moves forward: of two logins with one code, one wins.
    const claimed = await trx
      .updateTable('staff')
      .set({ totp_last_step: step, enrolled: 1 })
      .where('id', '=', staff.id)
      .where('totp_last_step', '<', step)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    const token = newToken();
    const now = input.at.toISOString();
    await trx.insertInto('staff_sessions').values({ token_hash: sha256(token), staff_id: staff.id, created_at: now, last_seen_at: now, revoked_at: null }).execute();
    await auditStaffAction(trx, { by: staff.login, actorRole: staff.role, sourceAddress: input.sourceAddress }, {
      action: staff.enrolled ? 'staff.login' : 'staff.enrol',
      target: `staff:${staff.login}`,
      at: input.at,
    });
    return { token, staff: { id: staff.id, login: staff.login, role: staff.role as StaffRole } };
  });
}

/**
 * The staff member of a live session, and the session slides: a session unused for `idleMinutes` is dead,
 * each request that finds it live moves its last use to now.
 */
export async function touchStaffSession(db: Kysely<Database>, tokenHash: string, now: Date, idleMinutes: number): Promise<StaffAccount | null> {
  const since = new Date(now.getTime() - idleMinutes * 60_000).toISOString();
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as st', 'st.id', 's.staff_id')
    .select(['st.id', 'st.login', 'st.role', 'st.disabled'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.last_seen_at', '>', since)
    .executeTakeFirst();
  if (!row || row.disabled) return null;
  await db.updateTable('staff_sessions').set({ last_seen_at: now.toISOString() }).where('token_hash', '=', tokenHash).where('last_seen_at', '<', now.toISOString()).execute();
  return { id: row.id, login: row.login, role: row.role as StaffRole };
}

/**
 * Which of the given staff sessions are still open: not logged out, used within the idle time, the staff
 * member not disabled. Reads only (the live channel asks without it counting as use).
 */
export async function openStaffSessions(db: Kysely<Database>, tokenHashes: readonly string[], now: Date, idleMinutes: number): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const since = new Date(now.getTime() - idleMinutes * 60_000).toISOString();
  const rows = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as st', 'st.id', 's.staff_id')
    .select('s.token_hash')
    .where('s.token_hash', 'in', [...new Set(tokenHashes)])
    .where('s.revoked_at', 'is', null)
    .where('s.last_seen_at', '>', since)
    .where('st.disabled', '=', 0)
    .execute();
  return new Set(rows.map((r) => r.token_hash));
}

export async function endStaffSession(db: Kysely<Database>, input: { tokenHash: string; staff: StaffAccount; sourceAddress: string; at: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff_sessions').set({ revoked_at: input.at.toISOString() }).where('token_hash', '=', input.tokenHash).where('revoked_at', 'is', null).execute();
    await recordStaffSessionEnded(trx, input.tokenHash, input.at);
    await auditStaffAction(trx, { by: input.staff.login, actorRole: input.staff.role, sourceAddress: input.sourceAddress }, { action: 'staff.logout', target: `staff:${input.staff.login}`, at: input.at });
  });
}

/** A staff login for the command line's --by: it must exist, be enabled and hold one of the roles. */
export async function staffForCommand(db: Kysely<Database>, login: string | undefined, roles: readonly StaffRole[]): Promise<StaffAccount> {
  if (!login) throw new OperatorError('Say which staff member acts: --by <staff login>');
  const staff = await findByLogin(db, login.trim().toLowerCase());
  if (!staff || staff.disabled) throw new OperatorError(`No enabled staff login ${login}`);
  if (staff.role !== 'admin' && !roles.includes(staff.role as StaffRole)) {
    throw new OperatorError(`${staff.login} is ${staff.role}; this needs ${[...roles, 'admin'].join(' or ')}`);
  }
  return { id: staff.id, login: staff.login, role: staff.role as StaffRole };
}
