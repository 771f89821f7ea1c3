import { isAlphanumeric, isValidPassword, phoneLookupKey, toE164 } from '@rigshare/domain';
import { loadConfig } from '../config';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { freezeMember, insertMember, unfreezeMember } from '../features/accounts';
import { OperatorError } from '../operator-error';
import { hashPassword } from '../security/password';
import { operatorNow, type AdminCommand } from './command';
import { say } from './output';

/** A member named on the command line by id or by phone number. */
async function memberIdOf(db: Kysely<Database>, text: string): Promise<number> {
  const byPhone = await db.selectFrom('users').select('id').where('phone', '=', phoneLookupKey(text, loadConfig().phoneDefaultRegion)).executeTakeFirst();
  if (byPhone) return byPhone.id;
  if (/^[0-9]{1,9}$/.test(text.trim())) return Number(text.trim());
  throw new OperatorError(`No member with phone or id "${text}"`);
}

/**
 * The first account of a production start (which seeds no member): an account with no inviter, the
 * root of the invite tree. Registration needs an existing member's invite code, so the operator gives
 * the first members this account's code (--invite-code, or a random one printed). The password comes
 * from the MEMBER_PASSWORD environment variable, never from the command line (shell history, ps).
 */
export const MEMBER_COMMANDS: AdminCommand[] = [
  {
    name: 'member:create',
    usage: '<phone> [--invite-code <CODE>]   (password in MEMBER_PASSWORD)',
    summary: 'Creates an account with no inviter (the first account of a production start); its invite code is the one new members register with',
    args: 1,
    options: ['invite-code'],
    async run(db, { args, options }) {
      const region = loadConfig().phoneDefaultRegion;
      const phone = toE164(args[0], region);
      if (!phone) throw new OperatorError(`Not a phone number: "${args[0]}" (a number of ${region}, or +<country code><number>)`);
      const password = process.env.MEMBER_PASSWORD ?? '';
      if (!isValidPassword(password)) {
        throw new OperatorError('Set MEMBER_PASSWORD to the password: 8 to 24 letters and digits, starting with a letter');
      }
      const inviteCode = options['invite-code']?.toUpperCase();
      if (inviteCode !== undefined && (!isAlphanumeric(inviteCode) || inviteCode.length < 4 || inviteCode.length > 16)) {
        throw new OperatorError(`Not an invite code: "${inviteCode}" (4 to 16 letters and digits)`);
      }
      const kysely = db.kysely;
      if (await kysely.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()) {
        throw new OperatorError(`${phone} already has an account`);
      }
      if (inviteCode && (await kysely.selectFrom('users').select('id').where('invite_code', '=', inviteCode).executeTakeFirst())) {
        throw new OperatorError(`Invite code ${inviteCode} is taken`);
      }
      const id = await insertMember(kysely, { phone, passwordHash: await hashPassword(password), inviterId: null, now: new Date(), inviteCode });
      const member = await kysely.selectFrom('users').select('invite_code').where('id', '=', id).executeTakeFirstOrThrow();
      say`account ${id} created for ${phone}; invite code for new members: ${member.invite_code}`;
      return 0;
    },
  },
  {
    name: 'member:freeze',
    usage: '<phone|id> --reason "..." [--by <name>]',
    summary: 'Freezes a member: they can log in and read, but not buy, withdraw or post (the reason is what they are told)',
    args: 1,
    options: ['reason', 'by'],
    async run(db, { args, options }) {
      const state = await freezeMember(db.kysely, { memberId: await memberIdOf(db.kysely, args[0]), reason: options.reason ?? '', ...operatorNow(options) });
      say`member ${state.id} frozen since ${state.frozenAt}`;
      return 0;
    },
  },
  {
    name: 'member:unfreeze',
    usage: '<phone|id> --reason "..." [--by <name>]',
    summary: 'Lifts a freeze',
    args: 1,
    options: ['reason', 'by'],
    async run(db, { args, options }) {
      const state = await unfreezeMember(db.kysely, { memberId: await memberIdOf(db.kysely, args[0]), reason: options.reason ?? '', ...operatorNow(options) });
      say`member ${state.id} unfrozen`;
      return 0;
    },
  },
];
