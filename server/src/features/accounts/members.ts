import { maskPhone } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newInviteCode } from '../../security/random';

export function findMemberByPhone(db: Kysely<Database>, phone: string) {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export function findMemberById(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a member with a fresh invite code, retrying on the rare code collision. */
export async function insertMember(
  db: Kysely<Database>,
  input: { phone: string; passwordHash: string; inviterId: number | null; now: Date; inviteCode?: string },
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const inviteCode = input.inviteCode ?? newInviteCode();
    const taken = await db.selectFrom('users').select('id').where('invite_code', '=', inviteCode).executeTakeFirst();
    if (taken) {
      if (input.inviteCode || attempt >= 10) throw new Error('Could not allocate a unique invite code');
      continue;
    }
    const row = await db
      .insertInto('users')
      .values({
        phone: input.phone,
        password_hash: input.passwordHash,
        // The default display name shows no full number.
        name: maskPhone(input.phone),
        invite_code: inviteCode,
        inviter_id: input.inviterId,
        head_url: null,
        vip_level: 0,
        grade: 0,
        mark_headbg_url: null,
        mark_text: null,
        timezone_type: 0,
        created_at: input.now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
