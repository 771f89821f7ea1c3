import type { Kysely } from 'kysely';
import { TransactionReceiptNotFoundError, type Address, type Hash, type PublicClient } from 'viem';
import type { ChainConfig } from '../../config';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { depositOwners } from './addresses';
import { creditChainDeposit } from './credit';
import { chainClient, DECIMALS_ABI, TRANSFER_EVENT, TRANSFER_TOPIC } from './rpc';
import { chainOffReason, type ChainOffReason } from './status';
import { recordMemberEvent } from '../../events';

/**
 * One pass of the USDT deposit watcher. Idempotent, and safe while another process runs it too:
 *  1. checks the token's decimals() against USDT_DECIMALS (a mismatch stops here, nothing recorded);
 *  2. re-checks every Pending deposit against the canonical chain: a log whose block was replaced is
 *     followed to its transaction's new block, or marked Dropped when the transaction is gone;
 *  3. reads the token's Transfer logs in bounded ranges from the cursor (and again over the last
 *     DEPOSIT_CONFIRMATIONS blocks, to see logs a reorganisation brought in): one eth_getLogs per range
 *     whatever the number of deposit addresses, the logs' recipients matched against the stored
 *     addresses in one indexed lookup per range, and records those to our addresses;
 *  4. credits each Pending deposit whose block is still canonical with enough confirmations.
 */

export type ScanResult =
  | { status: 'off'; reason: ChainOffReason }
  | { status: 'decimalsMismatch'; chainId: number; onChain: number; configured: number }
  | {
      status: 'ok';
      chainId: number;
      head: number;
      /** The block range read this pass (from > to when there was nothing to read). */
      fromBlock: number;
      toBlock: number;
      recorded: number;
      credited: number;
      moved: number;
      dropped: number;
    };

/** Most getLogs ranges per pass, so one pass stays short while catching up. */
const MAX_RANGES_PER_PASS = 20;
/** The largest amount a BIGINT column holds; a token amount above it is never credited automatically. */
const MAX_MICRO = 2n ** 63n - 1n;

const num = (value: string | number | bigint) => Number(value);
const lower = (value: string) => value.toLowerCase();
const topicAddress = (topic: string | undefined) => (topic ? `0x${topic.slice(26)}`.toLowerCase() : '');

/** Token units to micro-USDT, rounded down. */
export function toMicroUsdt(units: bigint, decimals: number): bigint {
  return decimals >= 6 ? units / 10n ** BigInt(decimals - 6) : units * 10n ** BigInt(6 - decimals);
}

export async function scanOnce(db: Db, config: ChainConfig, now: Date): Promise<ScanResult> {
  const off = chainOffReason(config);
  if (off) return { status: 'off', reason: off };
  const client = chainClient(config.rpcUrl);
  const k = db.kysely;
  const token = lower(config.tokenAddress);
  const chainId = await client.getChainId();
  const decimals = Number(await client.readContract({ address: config.tokenAddress as Address, abi: DECIMALS_ABI, functionName: 'decimals' }));
  const head = Number(await client.getBlockNumber());
  const before = await k.selectFrom('chain_cursors').select('head_block').where('chain_id', '=', chainId).where('token_address', '=', token).executeTakeFirst();
  const cursor = await saveCursor(k, { chainId, token, decimals, head, startBlock: config.startBlock ?? head, now });
  if (decimals !== config.decimals) return { status: 'decimalsMismatch', chainId, onChain: decimals, configured: config.decimals };

  const blockHashes = new Map<number, string | null>();
  const canonicalHash = async (n: number) => {
    if (n > head) return null;
    // An RPC failure fails the pass (nothing is dropped on a transient error).
    if (!blockHashes.has(n)) blockHashes.set(n, (await client.getBlock({ blockNumber: BigInt(n) })).hash);
    return blockHashes.get(n)!;
  };
  const context: PassContext = { k, client, chainId, token, decimals, head, config, now, canonicalHash };

  const { moved, dropped } = await followPending(context);

  const fromBlock = Math.max(cursor.startBlock, Math.min(cursor.lastScanned + 1, head - config.confirmations + 1));
  let toBlock = fromBlock - 1;
  let recorded = 0;
  for (let range = 0; range < MAX_RANGES_PER_PASS && toBlock < head; range++) {
    const from = toBlock + 1;
    const to = Math.min(head, from + config.scanBlocks - 1);
    recorded += await recordRange(context, from, to);
    toBlock = to;
    await k
      .updateTable('chain_cursors')
      .set({ last_scanned_block: to, updated_at: now.toISOString() })
      .where('chain_id', '=', chainId)
      .where('token_address', '=', token)
      .where('last_scanned_block', '<', to)
      .execute();
  }

  if (before && head > num(before.head_block)) await announceConfirmations(context, num(before.head_block));
  const credited = await creditConfirmed(context, db);
  return { status: 'ok', chainId, head, fromBlock, toBlock, recorded, credited, moved, dropped };
}

interface PassContext {
  k: Kysely<Database>;
  client: PublicClient;
  chainId: number;
  token: string;
  decimals: number;
  head: number;
  config: ChainConfig;
  now: Date;
  canonicalHash(blockNumber: number): Promise<string | null>;
}

async function saveCursor(
  k: Kysely<Database>,
  input: { chainId: number; token: string; decimals: number; head: number; startBlock: number; now: Date },
): Promise<{ startBlock: number; lastScanned: number }> {
  const at = input.now.toISOString();
  await k
    .insertInto('chain_cursors')
    .values({
      chain_id: input.chainId,
      token_address: input.token,
      decimals: input.decimals,
      start_block: input.startBlock,
      last_scanned_block: input.startBlock - 1,
      head_block: input.head,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['chain_id', 'token_address']).doUpdateSet({ decimals: input.decimals, head_block: input.head, updated_at: at }))
    .execute();
  const row = await k
    .selectFrom('chain_cursors')
    .select(['start_block', 'last_scanned_block'])
    .where('chain_id', '=', input.chainId)
    .where('token_address', '=', input.token)
    .executeTakeFirstOrThrow();
  return { startBlock: num(row.start_block), lastScanned: num(row.last_scanned_block) };
}

async function receiptOf(client: PublicClient, hash: string) {
  try {
    return await client.getTransactionReceipt({ hash: hash as Hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw error;
  }
}

/** The Pending deposits of this pass's chain and token, to select from. */
const pendingDeposits = (c: PassContext) =>
  c.k.selectFrom('chain_deposits').where('chain_id', '=', c.chainId).where('token_address', '=', c.token).where('status', '=', 'Pending');

/** Pending deposits whose block is no longer canonical: follow the transaction, or drop the deposit. */
async function followPending(c: PassContext): Promise<{ moved: number; dropped: number }> {
  const pending = await pendingDeposits(c).selectAll().orderBy('id')
    .execute();
  let moved = 0;
  let dropped = 0;
  for (const row of pending) {
    if ((await c.canonicalHash(num(row.block_number))) === row.block_hash) continue;
    const receipt = await receiptOf(c.client, row.tx_hash);
    const canonical = receipt && receipt.status === 'success' && (await c.canonicalHash(Number(receipt.blockNumber))) === receipt.blockHash;
    let target: { logIndex: number } | undefined;
    if (receipt && canonical) {
      const taken = await c.k
        .selectFrom('chain_deposits')
        .select('log_index')
        .where('chain_id', '=', c.chainId)
        .where('tx_hash', '=', row.tx_hash)
        .where('id', '<>', row.id)
        .execute();
      const used = new Set(taken.map((t) => t.log_index));
      target = receipt.logs.find(
        (l) =>
          lower(l.address) === c.token &&
          l.topics[0] === TRANSFER_TOPIC &&
          topicAddress(l.topics[1]) === row.from_address &&
          topicAddress(l.topics[2]) === row.address &&
          BigInt(l.data) === BigInt(row.units) &&
          !used.has(l.logIndex),
      );
    }
    if (receipt && target) {
      const updated = await c.k
        .updateTable('chain_deposits')
        .set({ block_number: Number(receipt.blockNumber), block_hash: receipt.blockHash, log_index: target.logIndex })
        .where('id', '=', row.id)
        .where('status', '=', 'Pending')
        .where('block_hash', '=', row.block_hash)
        .executeTakeFirst()
        .catch(() => null); // another watcher moved it first (unique log index)
      if (updated && Number(updated.numUpdatedRows) === 1) moved++;
    } else {
      const updated = await c.k
        .updateTable('chain_deposits')
        .set({ status: 'Dropped', reason: 'reorged' })
        .where('id', '=', row.id)
        .where('status', '=', 'Pending')
        .where('block_hash', '=', row.block_hash)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) {
        dropped++;
        await recordMemberEvent(c.k, row.user_id, 'deposit', { id: row.id, status: 'Dropped', confirmations: 0, required: c.config.confirmations }, c.now);
      }
    }
  }
  return { moved, dropped };
}

/**
 * Reads the token's Transfer logs of blocks from..to (one eth_getLogs, no recipient filter, so the cost
 * does not grow with the members) and records those whose recipient is a stored deposit address;
 * returns how many were new.
 */
async function recordRange(c: PassContext, from: number, to: number): Promise<number> {
  const logs = await c.client.getLogs({
    address: c.config.tokenAddress as Address,
    event: TRANSFER_EVENT,
    fromBlock: BigInt(from),
    toBlock: BigInt(to),
  });
  const transfers: RecordedLog[] = [];
  for (const log of logs) {
    if (log.removed || log.blockHash === null || log.transactionHash === null || log.logIndex === null || log.blockNumber === null) continue;
    if (log.args.value === undefined) continue;
    transfers.push({
      address: lower(log.args.to ?? ''),
      from: lower(log.args.from ?? ''),
      units: log.args.value,
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      blockNumber: Number(log.blockNumber),
      blockHash: log.blockHash,
    });
  }
  const owners = await depositOwners(c.k, transfers.map((t) => t.address));
  let recorded = 0;
  for (const log of transfers) {
    const userId = owners.get(log.address);
    if (userId !== undefined && (await recordLog(c, { ...log, userId }))) recorded++;
  }
  return recorded;
}

/** A Transfer log of the token as the watcher stores it (addresses lower case). */
interface RecordedLog {
  address: string;
  from: string;
  units: bigint;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
}

async function recordLog(c: PassContext, log: RecordedLog & { userId: number }): Promise<boolean> {
  const micro = toMicroUsdt(log.units, c.decimals);
  const tooLarge = micro > MAX_MICRO;
  const below = !tooLarge && (micro < c.config.minimum || micro === 0n);
  const inserted = await c.k
    .insertInto('chain_deposits')
    .values({
      chain_id: c.chainId,
      token_address: c.token,
      tx_hash: log.txHash,
      log_index: log.logIndex,
      user_id: log.userId,
      address: log.address,
      from_address: log.from,
      units: log.units.toString(),
      amount: tooLarge ? 0n : micro,
      block_number: log.blockNumber,
      block_hash: log.blockHash,
      status: tooLarge ? 'Dropped' : below ? 'Below minimum' : 'Pending',
      reason: tooLarge ? 'tooLarge' : below ? 'belowMinimum' : null,
      minimum: c.config.minimum,
      created_at: c.now.toISOString(),
      arrived_at: null,
      transfer_id: null,
    })
    .onConflict((oc) => oc.columns(['chain_id', 'tx_hash', 'log_index']).doNothing())
    .returning(['id', 'status'])
    .executeTakeFirst();
  if (inserted) {
    // Seen on chain: the member's deposit screen shows it counting towards the confirmations needed.
    const { confirmations: required } = c.config;
    const confirmations = inserted.status === 'Pending' ? Math.min(required, c.head - log.blockNumber + 1) : 0;
    await recordMemberEvent(c.k, log.userId, 'deposit', { id: inserted.id, status: inserted.status, confirmations, required }, c.now);
    return true;
  }
  // Seen before: a Pending log now in another block, or a dropped one that came back, follows its block.
  await c.k
    .updateTable('chain_deposits')
    .set({ block_number: log.blockNumber, block_hash: log.blockHash, status: 'Pending', reason: null })
    .where('chain_id', '=', c.chainId)
    .where('tx_hash', '=', log.txHash)
    .where('log_index', '=', log.logIndex)
    .where('block_hash', '<>', log.blockHash)
    .where((eb) => eb.or([eb('status', '=', 'Pending'), eb.and([eb('status', '=', 'Dropped'), eb('reason', '=', 'reorged')])]))
    .execute();
  return false;
}

/** Tells each member whose Pending deposit gained confirmations since the head the last pass saw (one event per deposit). */
async function announceConfirmations(c: PassContext, previousHead: number): Promise<void> {
  const required = c.config.confirmations;
  const counting = await pendingDeposits(c)
    .select(['id', 'user_id', 'block_number'])
    .where('block_number', '>', previousHead - required + 1)
    .where('created_at', '<', c.now.toISOString())
    .orderBy('id')
    .execute();
  for (const row of counting) {
    const confirmations = Math.min(required, c.head - num(row.block_number) + 1);
    await recordMemberEvent(c.k, row.user_id, 'deposit', { id: row.id, status: 'Pending', confirmations, required }, c.now);
  }
}

/** Credits each Pending deposit with enough confirmations whose block is still the canonical one. */
async function creditConfirmed(c: PassContext, db: Db): Promise<number> {
  const ready = await pendingDeposits(c)
    .select(['id', 'block_number', 'block_hash'])
    .where('block_number', '<=', c.head - c.config.confirmations + 1)
    .orderBy('id')
    .execute();
  let credited = 0;
  for (const row of ready) {
    if ((await c.canonicalHash(num(row.block_number))) !== row.block_hash) continue;
    if (await creditChainDeposit(db, { id: row.id, blockHash: row.block_hash, at: c.now, required: c.config.confirmations })) credited++;
  }
  return credited;
}
