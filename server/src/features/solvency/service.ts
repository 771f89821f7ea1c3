import { buildSumTree, parseAmount, sumTreeProof, type SumNode } from '@rigshare/domain';
import { auditStaffAction } from '../../audit';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { OperatorError } from '../../operator-error';
import { reservesConfigured } from './reserves';
import { memberLeafNode, memberNonce, nodeSha256 } from './snapshot';

const text = (value: unknown) => BigInt(value as string | number | bigint).toString();

/** The public page's data: the newest snapshot, its reserve readings with explorer links, and the declared bank balances. */
export async function solvencyView(db: Db, config: Pick<Config, 'chain' | 'solvency'>) {
  const k = db.kysely;
  const row = await k.selectFrom('solvency_snapshots').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  const readings = row ? await k.selectFrom('solvency_reserves').selectAll().where('snapshot_id', '=', row.id).orderBy('address').execute() : [];
  const reserves = readings.map((r) => ({
    address: r.address,
    explorerUrl: config.solvency.explorerAddressUrl.replace('{address}', r.address),
    balance: r.balance === null ? null : text(r.balance),
    blockNumber: r.block_number === null ? null : text(r.block_number),
    error: r.error,
  }));
  const bank = await bankBalances(db);
  return {
    currency: 'USDT' as const,
    reservesConfigured: reservesConfigured(config.chain, config.solvency),
    snapshot: row
      ? {
          id: row.id,
          takenAt: row.taken_at,
          root: row.root,
          leafCount: row.leaf_count,
          memberAvailable: text(row.member_available),
          memberHeld: text(row.member_held),
          memberPendingIncome: text(row.member_pending_income),
          memberLiabilities: text(row.member_liabilities),
          revenuePool: text(row.revenue_pool),
          rewardsBudget: text(row.rewards_budget),
        }
      : null,
    reserves,
    onChainTotal: reserves.reduce((sum, r) => sum + BigInt(r.balance ?? 0), 0n).toString(),
    bankBalances: bank,
    bankTotal: bank.reduce((sum, b) => sum + BigInt(b.amount), 0n).toString(),
  };
}

/** The newest declaration per bank account name. */
export async function bankBalances(db: Db): Promise<{ name: string; amount: string; asOf: string; declaredAt: string }[]> {
  const rows = await db.kysely.selectFrom('solvency_bank_balances').selectAll().orderBy('name').orderBy('id', 'desc').execute();
  const seen = new Set<string>();
  const result = [];
  for (const r of rows) {
    if (seen.has(r.name)) continue;
    seen.add(r.name);
    result.push({ name: r.name, amount: text(r.amount), asOf: r.as_of, declaredAt: r.declared_at });
  }
  return result;
}

/** Finance declares a bank balance (USDT equivalent) as of a date; the newest per name is shown. */
export async function declareBankBalance(db: Db, input: { name: string; amount: string; date: string | undefined; by: string; at: Date }) {
  const name = input.name.trim();
  if (!name || name.length > 100) throw new OperatorError('The bank account name must be 1 to 100 characters');
  let amount: bigint;
  try {
    amount = parseAmount(input.amount);
  } catch {
    throw new OperatorError(`Not an amount: "${input.amount}"`);
  }
  if (amount < 0n) throw new OperatorError('A bank balance cannot be negative');
  const date = input.date ?? input.at.toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    throw new OperatorError(`Not a date: "${date}" (use YYYY-MM-DD)`);
  }
  if (date > input.at.toISOString().slice(0, 10)) throw new OperatorError(`The date ${date} is in the future`);
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('solvency_bank_balances')
      .values({ name, amount: amount.toString(), as_of: date, declared_by: input.by, declared_at: input.at.toISOString() })
      .execute();
    await auditStaffAction(trx, { by: input.by }, { action: 'solvency.declare-bank', target: name, details: `${amount} micro-USDT as of ${date}`, at: input.at });
  });
  return { name, amount, asOf: date };
}

interface Tree {
  snapshotId: number;
  levels: SumNode[][];
  positions: Map<number, number>;
}
/** The tree of one snapshot, rebuilt from its stored leaves; the last one asked for stays in memory per database. */
const cachedTrees = new WeakMap<Db, Tree>();

async function snapshotTree(db: Db, snapshotId: number, secret: string): Promise<Tree> {
  const cached = cachedTrees.get(db);
  if (cached?.snapshotId === snapshotId) return cached;
  const leaves = await db.kysely.selectFrom('solvency_leaves').select(['position', 'user_id', 'balance']).where('snapshot_id', '=', snapshotId).orderBy('position').execute();
  const nodes: SumNode[] = [];
  const positions = new Map<number, number>();
  for (const leaf of leaves) {
    positions.set(leaf.user_id, leaf.position);
    nodes.push(await memberLeafNode(secret, { userId: leaf.user_id, balance: BigInt(leaf.balance) }));
  }
  const tree = { snapshotId, levels: await buildSumTree(nodes, nodeSha256), positions };
  cachedTrees.set(db, tree);
  return tree;
}

/**
 * The member's leaf and proof in the newest snapshot (or the one asked for): what they need to recompute
 * the root in their browser. Null when there is no snapshot, or the member had no account when it was taken.
 */
export async function memberProof(db: Db, userId: number, snapshotId?: number) {
  let query = db.kysely.selectFrom('solvency_snapshots').selectAll();
  query = snapshotId === undefined ? query.orderBy('id', 'desc').limit(1) : query.where('id', '=', snapshotId);
  const snapshot = await query.executeTakeFirst();
  if (!snapshot) return null;
  const tree = await snapshotTree(db, snapshot.id, snapshot.secret);
  const position = tree.positions.get(userId);
  if (position === undefined) return null;
  const leaf = tree.levels[0][position];
  if (tree.levels[tree.levels.length - 1][0].hash !== snapshot.root) throw new Error(`Snapshot ${snapshot.id}: stored leaves no longer give its root`);
  return {
    snapshotId: snapshot.id,
    takenAt: snapshot.taken_at,
    root: snapshot.root,
    total: text(snapshot.member_liabilities),
    memberId: userId,
    nonce: memberNonce(snapshot.secret, userId),
    balance: leaf.sum.toString(),
    leafHash: leaf.hash,
    proof: sumTreeProof(tree.levels, position).map((step) => ({ side: step.side, hash: step.hash, sum: step.sum.toString() })),
  };
}
