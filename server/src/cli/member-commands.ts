import { isAlphanumeric, isValidPassword, isValidPhone } from '@rigshare/domain';
import { insertMember } from '../features/accounts';
import { OperatorError } from '../ledger/operator';
import { hashPassword } from '../security/password';
import type { AdminCommand } from './command';

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
      const phone = args[0].trim();
      if (!isValidPhone(phone)) throw new OperatorError(`Not a phone number: "${phone}" (6 to 15 digits, optional +)`);
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
      console.log(`account ${id} created for ${phone}; invite code for new members: ${member.invite_code}`);
      return 0;
    },
  },
];
