import { formatAmount, maskPhone, type LocaleTag, type MemberRecord, type RecordStatus, type RecordType } from '@rigshare/domain';
import { sql, type Kysely } from 'kysely';
import { localizedField, SEEDED_RECORD_TEXT } from '../../content/seed-content';
import { toMicro, type Database } from '../../db/schema';
import { translate, type MessageKey } from '../../i18n';

/** A ledger transfer as the member's record: the query that reads it with what it belongs to, and its text. */

export type RecordView = MemberRecord;

/** The ledger's transfer types behind each record type (types with no transfers yet match nothing). */
export const RECORD_TYPE: Record<string, RecordType> = {
  'Daily Income': 'Daily Income',
  'Income Takeout': 'Daily Income',
  'Buy Machine': 'Buy Machine',
  'Sell Back': 'Sell Back',
  Bonus: 'Bonus',
  Adjustment: 'Adjustment',
  Reversal: 'Adjustment',
  Withdrawal: 'Withdrawal',
  'Withdrawal Failed': 'Withdrawal Failed',
  Recharge: 'Recharge',
  Exchange: 'Exchange',
  'Referral Bonus': 'Referral Bonus',
  'Team Benefits': 'Team Benefits',
  'Invite Bonus': 'Invite Bonus',
};

export const STATUS_SQL = sql<string>`CASE
  WHEN t.type = 'Income Takeout' THEN (CASE WHEN tk.status = 'Arrived' THEN 'Arrived' ELSE 'Processing' END)
  WHEN t.type = 'Withdrawal' THEN w.status
  WHEN t.type = 'Recharge' THEN 'Arrived'
  ELSE 'Succeeded' END`;

/** Transfers with what their records need from the takeout, withdrawal or deposit they belong to. */
export function recordQuery(k: Kysely<Database>) {
  return k
    .selectFrom('ledger_transfers as t')
    .leftJoin('takeouts as tk', 'tk.transfer_id', 't.id')
    .leftJoin('withdrawals as w', (join) =>
      join.on((eb) => eb.or([eb('w.hold_transfer_id', '=', eb.ref('t.id')), eb('w.return_transfer_id', '=', eb.ref('t.id'))])),
    )
    .leftJoin('cash_deposits as d', 'd.transfer_id', 't.id')
    .leftJoin('pay_channels as pc', 'pc.id', 'd.pay_channel_id')
    .leftJoin('chain_deposits as cd', 'cd.transfer_id', 't.id');
}

export async function selectRecordRows(q: ReturnType<typeof recordQuery>) {
  return q
    .select([
      't.id',
      't.operation_key',
      't.debit_account_id',
      't.credit_account_id',
      't.amount',
      't.type',
      't.description',
      't.reason',
      't.created_at',
      'w.fee as w_fee',
      'w.destination as w_destination',
      'w.tx_hash as w_tx_hash',
      'w.reason as w_reason',
      'd.amount as d_amount',
      'd.currency as d_currency',
      'pc.name as pc_name',
      'pc.translations as pc_translations',
      'cd.tx_hash as cd_tx_hash',
    ])
    .select(STATUS_SQL.as('status'))
    .execute();
}
type TransferRow = Awaited<ReturnType<typeof selectRecordRows>>[number];

/**
 * The orders the member's purchases and sell-backs among `rows` name, by the transfer's operation key:
 * order:<member>:<requestId> buys one (features/orders/purchase.ts), sellback:<order id> sells it back
 * (features/orders/sell-back.ts).
 */
async function ordersByOperationKey(k: Kysely<Database>, userId: number, rows: TransferRow[]) {
  const requestIds = rows.filter((r) => r.type === 'Buy Machine').map((r) => r.operation_key.split(':').slice(2).join(':'));
  const soldIds = rows.filter((r) => r.type === 'Sell Back').map((r) => Number(r.operation_key.split(':')[1]));
  if (requestIds.length === 0 && soldIds.length === 0) return new Map<string, never>();
  const orders = await k
    .selectFrom('orders as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select(['o.id', 'o.request_id', 'o.quantity', 'o.valid_days', 'o.kept_days', 'p.name'])
    .where('o.user_id', '=', userId)
    .where((eb) => eb.or([...(requestIds.length ? [eb('o.request_id', 'in', requestIds)] : []), ...(soldIds.length ? [eb('o.id', 'in', soldIds)] : [])]))
    .execute();
  return new Map<string, (typeof orders)[number]>(orders.flatMap((o) => [[`order:${userId}:${o.request_id}`, o], [`sellback:${o.id}`, o]]));
}

/** The team rewards among `rows` (paid from the rewards budget, key reward:<id>): what earned them and from whom. */
async function rewardsByTransfer(k: Kysely<Database>, userId: number, rows: TransferRow[]) {
  const rewardIds = rows.filter((r) => r.description.startsWith('reward_')).map((r) => r.id);
  if (rewardIds.length === 0) return new Map<number, never>();
  const rewards = await k
    .selectFrom('rewards as w')
    .leftJoin('users as f', 'f.id', 'w.from_user_id')
    .select(['w.transfer_id', 'w.kind', 'w.level', 'f.phone'])
    .where('w.user_id', '=', userId)
    .where('w.transfer_id', 'in', rewardIds)
    .execute();
  return new Map(rewards.map((w) => [w.transfer_id, w]));
}

/** The member's transfers as their records; `own` holds the member's ledger accounts. */
export async function recordsOfTransfers(k: Kysely<Database>, userId: number, own: Set<number>, rows: TransferRow[], locale: LocaleTag): Promise<RecordView[]> {
  const orders = await ordersByOperationKey(k, userId, rows);
  const rewards = await rewardsByTransfer(k, userId, rows);
  // A member has at most one exchange.
  const exchange = rows.some((r) => r.type === 'Exchange')
    ? await k
        .selectFrom('exchange_redemptions as x')
        .innerJoin('exchange_codes as c', 'c.id', 'x.code_id')
        .select(['x.transfer_id', 'c.code'])
        .where('x.user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  return rows.map((r) => {
    const amount = toMicro(r.amount);
    // A move between two of the member's own accounts counts as incoming, except a withdrawal's hold.
    const incoming = own.has(r.credit_account_id) && r.type !== 'Withdrawal';
    let description: string;
    let fee = 0n;
    switch (r.type) {
      case 'Buy Machine': {
        const order = orders.get(r.operation_key);
        description = translate(locale, 'recordBuyMachine', { quantity: order?.quantity ?? 1, product: order?.name ?? '' });
        break;
      }
      case 'Sell Back': {
        const order = orders.get(r.operation_key);
        description = translate(locale, 'recordSellBack', { product: order?.name ?? '', days: order ? order.valid_days - (order.kept_days ?? 0) : '' });
        break;
      }
      case 'Daily Income':
        description = translate(locale, 'recordDailyIncome');
        break;
      case 'Bonus':
      case 'Referral Bonus':
      case 'Team Benefits':
      case 'Invite Bonus': {
        const reward = r.description.startsWith('reward_') ? rewards.get(r.id) : undefined;
        description = reward
          ? translate(locale, `recordReward_${reward.kind}` as MessageKey, { level: reward.level ?? '', member: reward.phone ? maskPhone(reward.phone) : '' })
          : translate(locale, 'recordFreeFirstDay');
        break;
      }
      case 'Income Takeout':
        description = translate(locale, 'recordTakeout');
        break;
      case 'Withdrawal':
        description = translate(locale, 'recordWithdrawal', { destination: r.w_destination ?? '' });
        fee = r.w_fee === null ? 0n : toMicro(r.w_fee);
        break;
      case 'Withdrawal Failed':
        description = translate(locale, 'recordWithdrawalFailed', { reason: r.w_reason ?? r.reason ?? '' });
        break;
      case 'Recharge':
        if (r.cd_tx_hash !== null) {
          description = translate(locale, 'recordUsdtDeposit');
          break;
        }
        description = translate(locale, 'recordRecharge', {
          amount: r.d_amount === null ? '' : formatAmount(toMicro(r.d_amount)),
          currency: r.d_currency ?? '',
          channel: r.pc_name === null ? '' : localizedField(r.pc_translations, locale, 'name', r.pc_name),
        });
        break;
      case 'Exchange':
        description = translate(locale, 'recordExchange', { code: exchange?.transfer_id === r.id ? exchange.code : '' });
        break;
      default: {
        // Seeded records (the demo balance) in the reader's language; what staff wrote, as written.
        const seeded = SEEDED_RECORD_TEXT[r.operation_key];
        description = seeded ? translate(locale, seeded) : (r.reason ?? r.description);
      }
    }
    return {
      id: r.id,
      type: RECORD_TYPE[r.type] ?? 'Adjustment',
      amount: (incoming ? amount : -amount).toString(),
      fee: fee.toString(),
      net: (amount - fee).toString(),
      description,
      time: r.created_at,
      status: r.status as RecordStatus,
      code: `T${r.id}`,
      txHash: r.type === 'Withdrawal' ? (r.w_tx_hash ?? null) : r.type === 'Recharge' ? (r.cd_tx_hash ?? null) : null,
    };
  });
}

/** One transfer of the member's as their record (a takeout's, the last takeout's). */
export async function recordOfTransfer(k: Kysely<Database>, userId: number, transferId: number, locale: LocaleTag): Promise<RecordView> {
  const accounts = await k.selectFrom('ledger_accounts').select('id').where('owner_user_id', '=', userId).execute();
  const rows = await selectRecordRows(recordQuery(k).where('t.id', '=', transferId));
  if (rows.length === 0) throw new Error(`No transfer ${transferId}`);
  return (await recordsOfTransfers(k, userId, new Set(accounts.map((a) => a.id)), rows, locale))[0];
}
