import { buildSumTree, leafNode, memberHash, type Sha256, type SumNode } from '@rigshare/domain';
import { sql } from 'kysely';
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { owedIncome, owedRewards } from '../../ledger/accounts';
import { repeatEvery } from '../../jobs/repeat';
import { NO_JOB_METRICS, type JobRecorder } from '../../jobs/job-recorder';
import { readReserves, type ReserveReading } from './reserves';
import { recordSolvencySnapshot } from '../../events';

/** node:crypto's SHA-256 behind the tree's hash interface: the same function as WebCrypto, without a promise per digest. */
export const nodeSha256: Sha256 = async (data) => createHash('sha256').update(data).digest();

const MEMBER_KINDS = { 'member.available': 'available', 'member.held': 'held', 'member.pending_income': 'pendingIncome' } as const;
const POOL = 'platform.revenue_pool';
const BUDGET = 'platform.rewards_budget';

/** What the ledger owes and holds at one instant. */
export interface LedgerTotals {
  available: bigint;
  held: bigint;
  pendingIncome: bigint;
  /** available + held + pending income of every member. */
  liabilities: bigint;
  revenuePool: bigint;
  rewardsBudget: bigint;
}

export interface MemberLeaf {
  userId: number;
  balance: bigint;
}

export interface SnapshotResult {
  id: number;
  takenAt: Date;
  root: string;
  leafCount: number;
  totals: LedgerTotals;
  reserves: ReserveReading[];
}

/** The nonce a member's hash is salted with: HMAC of the snapshot's secret, so no member can compute another's. */
export function memberNonce(secret: string, userId: number): string {
  return createHmac('sha256', Buffer.from(secret, 'hex')).update(String(userId)).digest('hex');
}

/**
 * Every member's balance (their owed income days and rewards included) and the two platform accounts in ONE statement, so the totals and the leaves
 * describe the same instant (a statement sees one snapshot on PostgreSQL and on SQLite alike).
 */
export async function readLedger(db: Db): Promise<{ totals: LedgerTotals; members: MemberLeaf[] }> {
  // A member's pending income is their own account and their owed days in income payable, their available
  // balance their own account and their owed rewards in rewards payable (memberBalances).
  const rows = await db.kysely
    .selectFrom('ledger_accounts')
    .select(['owner_user_id', 'kind', sql<string | number | bigint>`balance`.as('balance')])
    .where((eb) => eb.or([eb('owner_user_id', 'is not', null), eb('kind', 'in', [POOL, BUDGET])]))
    .unionAll(
      owedIncome(db.kysely)
        .select(['user_id as owner_user_id', sql.lit('member.pending_income').as('kind'), sql<string | number | bigint>`SUM(amount)`.as('balance')])
        .groupBy('user_id'),
    )
    .unionAll(
      owedRewards(db.kysely)
        .select(['user_id as owner_user_id', sql.lit('member.available').as('kind'), sql<string | number | bigint>`SUM(amount)`.as('balance')])
        .groupBy('user_id'),
    )
    .execute();
  const totals: LedgerTotals = { available: 0n, held: 0n, pendingIncome: 0n, liabilities: 0n, revenuePool: 0n, rewardsBudget: 0n };
  const byMember = new Map<number, bigint>();
  for (const row of rows) {
    const balance = BigInt(row.balance);
    if (row.owner_user_id === null) {
      if (row.kind === POOL) totals.revenuePool += balance;
      else totals.rewardsBudget += balance;
      continue;
    }
    const part = MEMBER_KINDS[row.kind as keyof typeof MEMBER_KINDS];
    if (!part) continue;
    totals[part] += balance;
    totals.liabilities += balance;
    byMember.set(row.owner_user_id, (byMember.get(row.owner_user_id) ?? 0n) + balance);
  }
  const members = [...byMember].map(([userId, balance]) => ({ userId, balance }));
  return { totals, members };
}

/** Fisher-Yates with crypto randomness: a leaf's position says nothing about who or when the member joined. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

export async function memberLeafNode(secret: string, leaf: MemberLeaf): Promise<SumNode> {
  return leafNode(await memberHash(leaf.userId, memberNonce(secret, leaf.userId), nodeSha256), leaf.balance, nodeSha256);
}

const INSERT_CHUNK = 500;

/**
 * Takes a snapshot now: reads the reserve addresses, then the ledger in one read, builds the Merkle sum
 * tree of the members' (hash, balance) leaves and stores root, totals, leaves and readings together.
 * The root's sum equals the members' liabilities by construction.
 */
export async function takeSnapshot(db: Db, config: Pick<Config, 'chain' | 'solvency'>, now: Date): Promise<SnapshotResult>;
export async function takeSnapshot(db: Db, config: Pick<Config, 'chain' | 'solvency'>, now: Date, options: { onlyIfDue: true }): Promise<SnapshotResult | null>;
export async function takeSnapshot(db: Db, config: Pick<Config, 'chain' | 'solvency'>, now: Date, options: { onlyIfDue?: boolean } = {}): Promise<SnapshotResult | null> {
  const reserves = await readReserves(config.chain, config.solvency);
  const { totals, members } = await readLedger(db);
  const secret = randomBytes(32).toString('hex');
  const leaves = shuffle(members);
  const nodes: SumNode[] = [];
  for (const leaf of leaves) nodes.push(await memberLeafNode(secret, leaf));
  const levels = await buildSumTree(nodes, nodeSha256);
  const root = levels[levels.length - 1][0];
  if (root.sum !== totals.liabilities) throw new Error(`Solvency tree sum ${root.sum} differs from the liabilities ${totals.liabilities}`);

  const id = await db.kysely.transaction().execute(async (trx) => {
    if (options.onlyIfDue) {
      if (db.dialect === 'postgres') {
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext('rigshare:solvency-snapshot')) as locked`.execute(trx);
        if (!rows[0]?.locked) return null;
      }
      if (!(await snapshotDue(trx, config.solvency.intervalMs, now))) return null;
    }
    const row = await trx
      .insertInto('solvency_snapshots')
      .values({
        taken_at: now.toISOString(),
        root: root.hash,
        leaf_count: leaves.length,
        member_available: totals.available.toString(),
        member_held: totals.held.toString(),
        member_pending_income: totals.pendingIncome.toString(),
        member_liabilities: totals.liabilities.toString(),
        revenue_pool: totals.revenuePool.toString(),
        rewards_budget: totals.rewardsBudget.toString(),
        secret,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const snapshotId = Number(row.id);
    // The public solvency page shows the new snapshot to whoever has it open.
    await recordSolvencySnapshot(trx, snapshotId, now);
    for (let start = 0; start < leaves.length; start += INSERT_CHUNK) {
      const chunk = leaves.slice(start, start + INSERT_CHUNK);
      await trx
        .insertInto('solvency_leaves')
        .values(chunk.map((leaf, i) => ({ snapshot_id: snapshotId, position: start + i, user_id: leaf.userId, balance: leaf.balance.toString() })))
        .execute();
    }
    if (reserves.length > 0) {
      await trx
        .insertInto('solvency_reserves')
        .values(
          reserves.map((r) => ({
            snapshot_id: snapshotId,
            address: r.address,
            balance: r.balance === null ? null : r.balance.toString(),
            block_number: r.blockNumber === null ? null : r.blockNumber.toString(),
            error: r.error,
          })),
        )
        .execute();
    }
    return snapshotId;
  });
  if (id === null) return null;
  return { id, takenAt: now, root: root.hash, leafCount: leaves.length, totals, reserves };
}

/** Whether the newest snapshot is older than the interval (or there is none). */
async function snapshotDue(db: Db['kysely'], intervalMs: number, now: Date): Promise<boolean> {
  const latest = await db.selectFrom('solvency_snapshots').select('taken_at').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return !latest || now.getTime() - new Date(latest.taken_at).getTime() >= intervalMs;
}

/**
 * The hourly snapshot of an API process: null when the newest is younger than the interval. Several API
 * instances on PostgreSQL agree through a transaction-scoped advisory lock taken in the writing
 * transaction (a session lock would strand behind a pooler); the loser finds the winner's row and writes
 * nothing. SQLite runs one API process.
 */
export async function snapshotIfDue(db: Db, config: Pick<Config, 'chain' | 'solvency'>, now: Date): Promise<SnapshotResult | null> {
  if (!(await snapshotDue(db.kysely, config.solvency.intervalMs, now))) return null;
  return takeSnapshot(db, config, now, { onlyIfDue: true });
}

/** Starts the snapshot timer (checks every minute, snapshots when due). Unref'd; returns a stop function. */
export function startSolvencySnapshots(
  db: Db,
  config: Pick<Config, 'chain' | 'solvency'>,
  clock: () => Date,
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void },
  jobs: JobRecorder = NO_JOB_METRICS,
): () => void {
  const checkMs = Math.min(60_000, config.solvency.intervalMs);
  // The job is the check: a check that finds the snapshot not due yet succeeds too.
  jobs.every('solvency', checkMs);
  const snapshot = async () => {
    const taken = await jobs.run('solvency', () => snapshotIfDue(db, config, clock()));
    if (taken) log.info({ snapshot: taken.id, root: taken.root, leaves: taken.leafCount }, 'solvency snapshot taken');
  };
  return repeatEvery(checkMs, snapshot, (error) => log.error({ err: error }, 'solvency snapshot failed'), { runNow: true });
}
