import type { LiveTopicData } from '@rigshare/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * What the live channel pushes (docs/architecture.md, "Live channel"): one row of `events`, written with
 * the change it reports, in the caller's transaction, so an event exists exactly when its change was
 * committed. The live feature reads the rows by id after commit and sends them on. A layer under
 * notices, the ledger and the features, which all call it.
 */

/** What a member's own events carry, by topic: the wire protocol's (libs/domain/src/live.ts) member topics. */
export type MemberTopics = Omit<LiveTopicData, 'queue' | 'solvency'>;

export type { StaffQueue } from '@rigshare/domain';
/** A staff queue gained an item ('added') or someone acted on one, which leaves the queue ('decided'). */
export type QueueChange = LiveTopicData['queue'];

/** Why a member's sessions ended; the channels on them close with this reason. */
export type SessionEndReason = 'logout' | 'password' | 'frozen';
/** Which sessions ended: one token (logout), every one but a kept one (password change), or all (freeze). */
export interface SessionsEnded {
  reason: SessionEndReason;
  tokenHash: string | null;
  keepTokenHash: string | null;
  /** A staff session logged out instead (no member). */
  staffTokenHash?: string;
}

export type Audience = 'member' | 'staff' | 'public' | 'session' | 'instance';

type Db = Kysely<Database>;

async function insertEvent(db: Db, audience: Audience, memberId: number | null, topic: string, data: object, at: Date): Promise<void> {
  await db.insertInto('events').values({ audience, member_id: memberId, topic, data: JSON.stringify(data), created_at: at.toISOString() }).execute();
}

export function recordMemberEvent<T extends keyof MemberTopics>(db: Db, memberId: number, topic: T, data: MemberTopics[T], at: Date): Promise<void> {
  return insertEvent(db, 'member', memberId, topic, data, at);
}

/** The same event for each member given (once each), in one statement: a payout to many members. */
export async function recordMembersEvent<T extends keyof MemberTopics>(db: Db, memberIds: readonly number[], topic: T, data: MemberTopics[T], at: Date): Promise<void> {
  const members = [...new Set(memberIds)];
  if (members.length === 0) return;
  const json = JSON.stringify(data);
  await db.insertInto('events').values(members.map((id) => ({ audience: 'member', member_id: id, topic, data: json, created_at: at.toISOString() }))).execute();
}

export function recordQueueChange(db: Db, change: QueueChange, at: Date): Promise<void> {
  return insertEvent(db, 'staff', null, 'queue', change, at);
}

export function recordSolvencySnapshot(db: Db, snapshotId: number, at: Date): Promise<void> {
  return insertEvent(db, 'public', null, 'solvency', { snapshotId }, at);
}

/**
 * A `reward` event, pending, for each member who got a reward above `afterRewardId` stamped `at`: the
 * team rewards job grants set-based (jobs/team-rewards.ts), in one statement however many there are.
 */
export async function recordNewPendingRewards(db: Db, afterRewardId: number, at: Date): Promise<void> {
  const iso = at.toISOString();
  await sql`INSERT INTO events (audience, member_id, topic, data, created_at)
    SELECT DISTINCT 'member', user_id, 'reward', '{"status":"pending"}', ${iso}
    FROM rewards WHERE id > ${afterRewardId} AND created_at = ${iso} AND status = 'Pending'`.execute(db);
}

/**
 * The public catalogue changed (units sold, a product's terms, a product closed): every instance drops the
 * answers it kept (caches/catalogue-cache.ts). Read by the instances only, never sent to a channel.
 */
export function recordCatalogueChange(db: Db, at: Date): Promise<void> {
  return insertEvent(db, 'instance', null, 'catalogue', {}, at);
}

/** Closes the channels on the sessions that ended (on every instance); never sent as an event. */
export function recordSessionsEnded(db: Db, memberId: number, ended: SessionsEnded, at: Date): Promise<void> {
  return insertEvent(db, 'session', memberId, 'session', ended, at);
}

/** Closes the channels on a staff session that logged out. */
export function recordStaffSessionEnded(db: Db, staffTokenHash: string, at: Date): Promise<void> {
  const ended: SessionsEnded = { reason: 'logout', tokenHash: null, keepTokenHash: null, staffTokenHash };
  return insertEvent(db, 'session', null, 'session', ended, at);
}

/**
 * Each member's unread count as it now stands (src/notices/unread.ts keeps them), one `messages` event each;
 * 'all' for every member who has a count (a message to all). One statement however many there are.
 */
export async function recordUnreadCounts(db: Db, counts: ReadonlyMap<number, number> | 'all', at: Date): Promise<void> {
  const iso = at.toISOString();
  if (counts === 'all') {
    await sql`INSERT INTO events (audience, member_id, topic, data, created_at)
      SELECT 'member', user_id, 'messages', '{"unread":' || CAST(unread AS VARCHAR(20)) || '}', ${iso} FROM unread_counts`.execute(db);
    return;
  }
  if (counts.size === 0) return;
  const rows = [...counts].map(([memberId, unread]) => ({ audience: 'member', member_id: memberId, topic: 'messages', data: JSON.stringify({ unread } satisfies MemberTopics['messages']), created_at: iso }));
  await db.insertInto('events').values(rows).execute();
}

/** The members told of a balance change in each open transaction: one `balance` event per member per transaction. */
const balanceToldIn = new WeakMap<Db, Set<number>>();

/** A `balance` event for each member owning one of the accounts, once per transaction; one statement. */
export async function recordBalanceChanges(db: Db, accountIds: readonly number[], at: Date): Promise<void> {
  if (accountIds.length === 0) return;
  const told = balanceToldIn.get(db) ?? new Set<number>();
  balanceToldIn.set(db, told);
  const notYet = told.size > 0 ? sql`AND owner_user_id NOT IN (${sql.join([...told])})` : sql``;
  const inserted = await sql<{ member_id: number }>`INSERT INTO events (audience, member_id, topic, data, created_at)
    SELECT DISTINCT 'member', owner_user_id, 'balance', '{}', ${at.toISOString()}
    FROM ledger_accounts WHERE id IN (${sql.join([...new Set(accountIds)])}) AND owner_user_id IS NOT NULL ${notYet}
    RETURNING member_id`.execute(db);
  inserted.rows.forEach((row) => told.add(Number(row.member_id)));
}

/** As `recordBalanceChanges`, for the members owning the accounts a set-based batch (one operation key) posted to. */
export async function recordBatchBalanceChanges(db: Db, operationKey: string, at: Date): Promise<void> {
  // Driven from the operation's transfers, each account's owner by its primary key: as a join, PostgreSQL
  // without fresh statistics scanned every member's account once per account touched (119 ms a payout
  // batch of 500 at 200 000 members, growing with the members; 0.6 ms this way).
  await sql`INSERT INTO events (audience, member_id, topic, data, created_at)
    SELECT DISTINCT 'member', owners.owner_user_id, 'balance', '{}', ${at.toISOString()}
    FROM (
      SELECT (SELECT a.owner_user_id FROM ledger_accounts a WHERE a.id = touched.account_id) AS owner_user_id
      FROM (SELECT debit_account_id AS account_id FROM ledger_transfers WHERE operation_key = ${operationKey}
            UNION SELECT credit_account_id FROM ledger_transfers WHERE operation_key = ${operationKey}) AS touched
    ) AS owners
    WHERE owners.owner_user_id IS NOT NULL`.execute(db);
}
