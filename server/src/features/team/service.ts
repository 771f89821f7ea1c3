import { maskPhone, type LocaleTag, type TeamLevel } from '@rigshare/domain';
import type { InviteMessage, TeamInfo, TeamMember } from '@rigshare/api-schema';
import { sql, type Kysely } from 'kysely';
import { pageOffset, type Paging } from '../../db/paging';
import { toMicro, type Database } from '../../db/schema';
import { memberInviteMessage } from '../../settings/invite-message';
import { rewardSettings } from '../../settings/reward-settings';
import type { AppDeps } from '../../types';

/** Members of one level below `memberId`, as a subquery of ids (uses users_inviter_idx at each step). */
function levelIds(memberId: number, level: TeamLevel) {
  if (level === 'A') return sql`SELECT id FROM users WHERE inviter_id = ${memberId}`;
  if (level === 'B') return sql`SELECT b.id FROM users a JOIN users b ON b.inviter_id = a.id WHERE a.inviter_id = ${memberId}`;
  return sql`SELECT c.id FROM users a JOIN users b ON b.inviter_id = a.id JOIN users c ON c.inviter_id = b.id WHERE a.inviter_id = ${memberId}`;
}

/** The member's own invite code and link (the share URL plus the code). */
async function ownInvite(deps: AppDeps, memberId: number): Promise<{ inviteCode: string; shareUrl: string }> {
  const member = await deps.db.kysely.selectFrom('users').select('invite_code').where('id', '=', memberId).executeTakeFirstOrThrow();
  return { inviteCode: member.invite_code, shareUrl: deps.config.shareBaseUrl + encodeURIComponent(member.invite_code) };
}

/** queryInviteMsg: the invite message in the member's language, filled with their own link and code. */
export async function inviteMessage(deps: AppDeps, memberId: number, locale: LocaleTag): Promise<InviteMessage> {
  const invite = await ownInvite(deps, memberId);
  return { ...invite, message: await memberInviteMessage(deps.db.kysely, locale, invite) };
}

export async function teamInfo(deps: AppDeps, memberId: number): Promise<TeamInfo> {
  const k = deps.db.kysely;
  const invite = await ownInvite(deps, memberId);
  const count = async (level: TeamLevel) => {
    const r = await sql<{ n: string | number }>`SELECT COUNT(*) AS n FROM (${levelIds(memberId, level)}) AS t`.execute(k);
    return Number(r.rows[0]?.n ?? 0);
  };
  const rewards = await k
    .selectFrom('rewards')
    .select(['status', (eb) => eb.fn.sum<string | number | null>('amount').as('total')])
    .where('user_id', '=', memberId)
    .where('kind', 'in', ['referral', 'team'])
    .groupBy('status')
    .execute();
  const total = (status: string) => BigInt(rewards.find((r) => r.status === status)?.total ?? 0).toString();
  const s = await rewardSettings(k);
  return {
    ...invite,
    counts: { A: await count('A'), B: await count('B'), C: await count('C') },
    reward: { paid: total('Paid'), pending: total('Pending') },
    rates: {
      referral: { A: Number(s.referral_a), B: Number(s.referral_b), C: Number(s.referral_c) },
      team: { A: Number(s.team_a), B: Number(s.team_b), C: Number(s.team_c) },
    },
  };
}

export async function teamList(
  k: Kysely<Database>,
  memberId: number,
  level: TeamLevel,
  paging: Paging,
): Promise<{ total: number; list: TeamMember[] }> {
  const total = await sql<{ n: string | number }>`SELECT COUNT(*) AS n FROM (${levelIds(memberId, level)}) AS t`.execute(k);
  // The page's ids first, then the per-member lookups for those rows only: with the lookups in the outer
  // query PostgreSQL ran them for every skipped row too (page 4383 of list C: 1.2 s instead of 0.2 s,
  // docs/performance.md, npm run bench:team).
  const rows = await sql<{ id: number; phone: string; name: string; created_at: string; active: number | string | boolean | null; reward: string | number | null }>`
    SELECT u.id, u.phone, u.name, u.created_at,
      (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.status = 'Valid' LIMIT 1) AS active,
      (SELECT SUM(w.amount) FROM rewards w WHERE w.user_id = ${memberId} AND w.from_user_id = u.id AND w.kind IN ('referral', 'team')) AS reward
    FROM (
      SELECT t.id FROM (${levelIds(memberId, level)}) AS t
      ORDER BY t.id DESC
      LIMIT ${paging.pageSize} OFFSET ${pageOffset(paging)}
    ) AS page
    JOIN users u ON u.id = page.id
    ORDER BY u.id DESC`.execute(k);
  return {
    total: Number(total.rows[0]?.n ?? 0),
    list: rows.rows.map((r) => ({
      id: r.id,
      phone: maskPhone(r.phone),
      name: r.name,
      joinedAt: r.created_at,
      activeRental: Boolean(r.active),
      reward: toMicro(r.reward ?? 0).toString(),
    })),
  };
}
