import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { platformAccountId, type PlatformKind, type SpenderAccounts } from './accounts';
import { postOperation } from './ledger';

/**
 * Rewards are paid into platform.rewards_payable, one transfer a payout (jobs/rewards.ts); each stays
 * owed to its member, and counts in their available balance (`memberBalances`), until something is
 * about to be taken from that balance. Then the debit's transaction collects all of the member's owed
 * rewards first: it marks them with the key of one transfer from rewards payable to the member's
 * available account and posts that transfer (type 'Rewards Collected', an internal leg the member's
 * records leave out: each reward is its own record).
 *
 * `members` maps each member to their available account, which the caller has locked: so two debits of
 * one member collect one after the other, and the second finds nothing left. A reward paid meanwhile is
 * not marked and stays owed for the next debit. Returns what each member collected.
 */
export async function collectOwedRewards(
  trx: Kysely<Database>,
  dialect: DialectName,
  members: ReadonlyMap<number, number>,
  at: Date,
): Promise<Map<number, bigint>> {
  const collected = new Map<number, bigint>();
  if (members.size === 0) return collected;
  const collection = randomUUID();
  const marked = await trx
    .updateTable('rewards')
    .set({ collect_key: sql<string>`${'rewards-collect:'} || CAST(user_id AS VARCHAR(20)) || ${`:${collection}`}` })
    .where('user_id', 'in', [...members.keys()])
    .where('paid_run_id', 'is not', null)
    .where('collect_key', 'is', null)
    .returning(['user_id', 'amount'])
    .execute();
  for (const reward of marked) collected.set(reward.user_id, (collected.get(reward.user_id) ?? 0n) + BigInt(reward.amount));
  if (collected.size === 0) return collected;
  const payable = await platformAccountId(trx, 'platform.rewards_payable');
  await postOperation(trx, dialect, {
    operationKey: `rewards-collect:${collection}`,
    at,
    legs: [...collected].map(([userId, amount]) => ({
      key: `rewards-collect:${userId}:${collection}`,
      debit: payable,
      credit: members.get(userId)!,
      amount,
      type: 'Rewards Collected' as const,
      description: 'rewards_collected',
    })),
    // The keys name this collection, new above; rewards payable is then locked by the posting statement alone.
    keysAreNew: true,
    held: [...members.values()],
  });
  return collected;
}

/** A purchase's collection: the spenders `lockSpenders` found owed rewards, their available balances raised by what they collected. */
export async function collectSpendersRewards<K extends PlatformKind>(
  trx: Kysely<Database>,
  dialect: DialectName,
  spenders: SpenderAccounts<K>,
  at: Date,
): Promise<void> {
  const owing = new Map(spenders.owingRewards.map((userId) => [userId, spenders.members.get(userId)!['member.available'].id]));
  const collected = await collectOwedRewards(trx, dialect, owing, at);
  for (const [userId, amount] of collected) spenders.members.get(userId)!['member.available'].balance += amount;
}
