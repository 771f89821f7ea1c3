import { formatAmount, type LocaleTag, type Page, type UsdtDeposit, type UsdtDepositInfo, type UsdtDepositStatus, type UsdtOffReason } from '@rigshare/domain';
import { sql, type Kysely } from 'kysely';
import { getAddress } from 'viem';
import type { ChainConfig } from '../../config';
import { toMicro, type Database } from '../../db/schema';
import { translate, type MessageKey } from '../../i18n';
import { memberDepositAddress } from './addresses';
import { chainOffReason } from './status';
import { memberRowsPage, type Paging } from '../../db/paging';

/** What members see of USDT (BEP20) deposits: the address and its terms, and their deposit records. */

const OFF_MESSAGES: Record<UsdtOffReason, MessageKey> = {
  noRpc: 'usdtDepositOffNoRpc',
  noXpub: 'usdtDepositOffNoXpub',
  decimalsMismatch: 'usdtDepositOffDecimals',
};

/** The latest cursor of the configured token (any chain): its decimals and the head seen last. */
function latestCursor(k: Kysely<Database>, chain: ChainConfig) {
  return k
    .selectFrom('chain_cursors')
    .selectAll()
    .where('token_address', '=', chain.tokenAddress.toLowerCase())
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
}

/** Why USDT deposits are unavailable now (configuration, or the watcher found the decimals wrong), or null. */
export async function usdtOffReason(k: Kysely<Database>, chain: ChainConfig): Promise<UsdtOffReason | null> {
  const off = chainOffReason(chain);
  if (off) return off;
  const cursor = await latestCursor(k, chain);
  return cursor && cursor.decimals !== chain.decimals ? 'decimalsMismatch' : null;
}

const CHAIN_NAMES: Record<number, string> = { 56: 'BNB Smart Chain', 97: 'BNB Smart Chain Testnet' };

/**
 * The name of the chain the watcher really reads (from its cursor), so a test or local chain is never
 * shown to members as BNB Smart Chain. Before the first pass it is the chain the service is for.
 */
export function chainNameOf(chainId: number | undefined): string {
  if (chainId === undefined) return CHAIN_NAMES[56];
  return CHAIN_NAMES[chainId] ?? `Test chain ${chainId}`;
}

export async function usdtDepositInfo(k: Kysely<Database>, chain: ChainConfig, userId: number, locale: LocaleTag, now: Date): Promise<UsdtDepositInfo> {
  const reason = await usdtOffReason(k, chain);
  const cursor = reason ? undefined : await latestCursor(k, chain);
  return {
    enabled: reason === null,
    reason,
    message: reason ? translate(locale, OFF_MESSAGES[reason]) : null,
    address: reason ? null : await memberDepositAddress(k, chain.depositXpub, userId, now),
    network: 'BEP20',
    chainName: chainNameOf(cursor?.chain_id),
    token: 'USDT',
    tokenAddress: getAddress(chain.tokenAddress),
    minimum: chain.minimum.toString(),
    confirmations: chain.confirmations,
  };
}

function reasonText(locale: LocaleTag, reason: string | null, minimum: bigint): string | null {
  switch (reason) {
    case 'belowMinimum':
      return translate(locale, 'usdtDepositBelowMinimum', { minimum: formatAmount(minimum, 0) });
    case 'reorged':
      return translate(locale, 'usdtDepositReorged');
    case 'tooLarge':
      return translate(locale, 'usdtDepositTooLarge');
    default:
      return null;
  }
}

/** The member's USDT deposits, newest first; confirmations count from the head the watcher saw last. */
export async function memberChainDeposits(
  k: Kysely<Database>,
  chain: ChainConfig,
  userId: number,
  paging: Paging,
  locale: LocaleTag,
): Promise<Page<UsdtDeposit>> {
  const { total, rows } = await memberRowsPage(k, 'chain_deposits', userId, paging);
  const cursors = await k.selectFrom('chain_cursors').select(['chain_id', 'token_address', 'head_block']).execute();
  const heads = new Map(cursors.map((c) => [`${c.chain_id}:${c.token_address}`, Number(c.head_block)]));
  const required = chain.confirmations;
  return {
    total,
    list: rows.map((r) => {
      const head = heads.get(`${r.chain_id}:${r.token_address}`) ?? 0;
      const seen = Math.min(required, Math.max(0, head - Number(r.block_number) + 1));
      const status = r.status as UsdtDepositStatus;
      return {
        id: r.id,
        txHash: r.tx_hash,
        amount: toMicro(r.amount).toString(),
        status,
        confirmations: status === 'Arrived' ? required : status === 'Dropped' ? 0 : seen,
        required,
        reason: reasonText(locale, r.reason, toMicro(r.minimum)),
        createTime: r.created_at,
        arrivedTime: r.arrived_at,
      };
    }),
  };
}

const CHAIN_KEY = sql<string>`'chain:' || CAST(d.chain_id AS VARCHAR(20)) || ':' || d.tx_hash || ':' || CAST(d.log_index AS VARCHAR(20))`;

/**
 * Invariants of chain deposits: every Arrived deposit was credited by its own chain:<chainId>:<txHash>:<logIndex>
 * transfer of its amount; no other deposit was credited; no chain: transfer exists without its deposit.
 */
export async function chainDepositProblems(k: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const wrong = await sql<{ id: number; status: string; amount: string | number; credited: string | number | null }>`
    SELECT d.id, d.status, d.amount, t.amount AS credited
    FROM chain_deposits d
    LEFT JOIN ledger_transfers t ON t.idempotency_key = ${CHAIN_KEY}
    WHERE (d.status = 'Arrived' AND (t.id IS NULL OR t.amount <> d.amount OR d.transfer_id IS NULL OR d.transfer_id <> t.id))
       OR (d.status <> 'Arrived' AND t.id IS NOT NULL)
    LIMIT 20`.execute(k);
  for (const row of wrong.rows) problems.push(`chain deposit ${row.id} (${row.status}) of ${row.amount} was credited ${row.credited ?? 'nothing'}`);
  const stray = await sql<{ idempotency_key: string }>`
    SELECT t.idempotency_key FROM ledger_transfers t
    WHERE t.idempotency_key LIKE 'chain:%'
      AND NOT EXISTS (SELECT 1 FROM chain_deposits d WHERE ${CHAIN_KEY} = t.idempotency_key AND d.status = 'Arrived')
    LIMIT 20`.execute(k);
  for (const row of stray.rows) problems.push(`transfer ${row.idempotency_key} credits no Arrived chain deposit`);
  return problems;
}

/** For `admin chain:status`: the configuration as the watcher sees it, its cursors and the deposits by status. */
export async function chainStatus(k: Kysely<Database>, chain: ChainConfig) {
  const reason = await usdtOffReason(k, chain);
  const cursors = await k.selectFrom('chain_cursors').selectAll().orderBy('updated_at', 'desc').execute();
  const counts = await k
    .selectFrom('chain_deposits')
    .select(['status'])
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .select((eb) => eb.fn.sum<string | number | null>('amount').as('total'))
    .groupBy('status')
    .orderBy('status')
    .execute();
  const addresses = await k.selectFrom('deposit_addresses').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return {
    reason,
    cursors: cursors.map((c) => ({
      chainId: c.chain_id,
      token: c.token_address,
      decimals: c.decimals,
      startBlock: Number(c.start_block),
      lastScannedBlock: Number(c.last_scanned_block),
      headBlock: Number(c.head_block),
      updatedAt: c.updated_at,
    })),
    deposits: counts.map((c) => ({ status: c.status, count: Number(c.n), total: BigInt(c.total ?? 0) })),
    addresses: Number(addresses.n),
  };
}

/**
 * How far the deposit watcher has read (monitoring): the blocks between the chain head it last saw and
 * the last block it scanned, and when it last completed a read of the head; null before its first pass.
 */
export async function watcherProgress(k: Kysely<Database>): Promise<{ blocksBehind: number; lastScanAt: Date } | null> {
  const cursor = await k.selectFrom('chain_cursors').select(['head_block', 'last_scanned_block', 'updated_at']).orderBy('updated_at', 'desc').limit(1).executeTakeFirst();
  if (!cursor) return null;
  return { blocksBehind: Math.max(0, Number(cursor.head_block) - Number(cursor.last_scanned_block)), lastScanAt: new Date(cursor.updated_at) };
}
