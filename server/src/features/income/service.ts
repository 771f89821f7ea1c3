import { formatAmount, maskPhone, RECORD_TYPES, type LocaleTag, type MemberRecord, type Page, type RecordStatus, type RecordType } from '@rigshare/domain';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import { localizedField, SEEDED_RECORD_TEXT } from '../../content/seed-content';
import { onePage, type Paging } from '../../db/paging';
import { toMicro, type Database } from '../../db/schema';
import { AppError } from '../../errors';
import { translate, type MessageKey } from '../../i18n';
import { memberAccounts, memberBalances, platformAccountId } from '../../ledger/accounts';
import { lockAccounts, postOperation, type Leg } from '../../ledger/ledger';
import { SETTLEMENT_DELAY_MS } from '../../jobs/settlement';
import { delayReasonText } from '../orders';

export type RecordView = MemberRecord;

/** The ledger's transfer types behind each record type (types with no transfers yet match nothing). */
const RECORD_TYPE: Record<string, RecordType> = {
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

/** Legs that are the inside of an event the member already sees (settlement, the payout of a withdrawal, a takeout's collection). */
const INTERNAL_TYPES = ['Takeout Settlement', 'Withdrawal Paid', 'Withdrawal Fee', 'Income Collected'];

/** A type filter: the record type's name or its number (1 Recharge .. 9 Exchange); undefined = not a type. */
export function recordTypeOf(value: string): RecordType | undefined {
  if (/^[1-9]$/.test(value)) return RECORD_TYPES[Number(value) - 1];
  return RECORD_TYPES.find((t) => t === value);
}

export interface RecordFilter {
  type?: RecordType;
  status?: RecordStatus;
  /** Only records made within [from, to) (ISO instants). */
  period?: { from: string; to: string };
}

const STATUS_SQL = sql<string>`CASE
  WHEN t.type = 'Income Takeout' THEN (CASE WHEN tk.status = 'Arrived' THEN 'Arrived' ELSE 'Processing' END)
  WHEN t.type = 'Withdrawal' THEN w.status
  WHEN t.type = 'Recharge' THEN 'Arrived'
  ELSE 'Succeeded' END`;

/** Transfers with what their records need from the takeout, withdrawal or deposit they belong to. */
function recordQuery(k: Kysely<Database>) {
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

async function selectRecordRows(q: ReturnType<typeof recordQuery>) {
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
 * The daily income the job paid a member into income payable (migration 0041), one record per run, like
 * the one transfer per member and run before it, placed among the member's transfers where the run's own
 * transfer (accrual:<run>) stands in the ledger. Found through the member's orders, whose days the unique
 * (order_id, day) index holds, not by scanning the days of every member.
 */
function incomeRuns(k: Kysely<Database>, userId: number) {
  return k
    .selectFrom('orders as o')
    .innerJoin('income_accruals as a', 'a.order_id', 'o.id')
    .innerJoin('ledger_transfers as rt', (join) => join.on('rt.idempotency_key', '=', sql<string>`'accrual:' || CAST(a.paid_run_id AS VARCHAR(20))`))
    .where('o.user_id', '=', userId)
    .where('a.payable', '=', 1)
    .groupBy(['a.paid_run_id', 'rt.id', 'rt.created_at']);
}

/** A run's daily income as a record: there is no transfer of the member's to name, so its id is minus the run's. */
function incomeRunRecord(run: { id: number; time: string; amount: bigint }, locale: LocaleTag): RecordView {
  return {
    id: -run.id,
    type: 'Daily Income',
    amount: run.amount.toString(),
    fee: '0',
    net: run.amount.toString(),
    description: translate(locale, 'recordDailyIncome'),
    time: run.time,
    status: 'Succeeded',
    code: `R${run.id}`,
    txHash: null,
  };
}

/**
 * The member's records, newest first: every transfer into or out of their accounts except the internal
 * legs, and the daily income of each run that paid them into income payable, optionally only one record
 * type and/or status. The one renderer for /income/records and /user/record.
 */
export async function memberRecords(
  k: Kysely<Database>,
  userId: number,
  paging: Paging,
  locale: LocaleTag,
  filter: RecordFilter = {},
): Promise<Page<RecordView>> {
  const accounts = await k.selectFrom('ledger_accounts').select('id').where('owner_user_id', '=', userId).execute();
  const ids = accounts.map((a) => a.id);
  if (ids.length === 0) return { total: 0, list: [] };
  let base = recordQuery(k)
    .where((eb) => eb.or([eb('t.debit_account_id', 'in', ids), eb('t.credit_account_id', 'in', ids)]))
    .where('t.type', 'not in', INTERNAL_TYPES);
  if (filter.type) {
    const types = Object.keys(RECORD_TYPE).filter((t) => RECORD_TYPE[t] === filter.type);
    if (types.length === 0) return { total: 0, list: [] };
    base = base.where('t.type', 'in', types);
  }
  if (filter.status) base = base.where(STATUS_SQL, '=', filter.status);
  if (filter.period) base = base.where('t.created_at', '>=', filter.period.from).where('t.created_at', '<', filter.period.to);
  // A run's income is a Daily Income record, Succeeded.
  const withRuns = (!filter.type || filter.type === 'Daily Income') && (!filter.status || filter.status === 'Succeeded');

  // Newest first in the ledger's order (ids), as before migration 0041; a run where its transfer stands.
  const transfers = base.select([sql<string>`'transfer'`.as('source'), 't.id as id', 't.id as seq']);
  const periodRuns = filter.period ? incomeRuns(k, userId).where('rt.created_at', '>=', filter.period.from).where('rt.created_at', '<', filter.period.to) : incomeRuns(k, userId);
  const runs = periodRuns.select([sql<string>`'run'`.as('source'), sql<number>`a.paid_run_id`.as('id'), 'rt.id as seq']);
  const transferCount = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const runCount = withRuns ? await k.selectFrom(runs.as('r')).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow() : { n: 0 };
  const page = await onePage((withRuns ? transfers.unionAll(runs) : transfers).orderBy('seq', 'desc'), paging).execute();

  const transferIds = page.filter((p) => p.source === 'transfer').map((p) => Number(p.id));
  const runIds = page.filter((p) => p.source === 'run').map((p) => Number(p.id));
  const transferRows = transferIds.length ? await selectRecordRows(recordQuery(k).where('t.id', 'in', transferIds)) : [];
  const runRows = runIds.length
    ? await incomeRuns(k, userId)
        .where('a.paid_run_id', 'in', runIds)
        .select(['a.paid_run_id', 'rt.created_at as time', (eb) => eb.fn.sum<string | number | bigint>('a.amount').as('amount')])
        .execute()
    : [];
  const transferRecords = new Map((await toRecords(k, userId, new Set(ids), transferRows, locale)).map((r) => [r.id, r]));
  const runRecords = new Map(
    runRows.map((r) => [Number(r.paid_run_id), incomeRunRecord({ id: Number(r.paid_run_id), time: r.time, amount: BigInt(r.amount) }, locale)]),
  );
  return {
    total: Number(transferCount.n) + Number(runCount.n),
    list: page.map((p) => (p.source === 'run' ? runRecords.get(Number(p.id))! : transferRecords.get(Number(p.id))!)),
  };
}

async function toRecords(k: Kysely<Database>, userId: number, own: Set<number>, rows: TransferRow[], locale: LocaleTag): Promise<RecordView[]> {
  const purchaseKeys = rows.filter((r) => r.type === 'Buy Machine').map((r) => r.operation_key.split(':').slice(2).join(':'));
  // A sell-back's key is sellback:<order id> (features/orders/sell-back.ts).
  const soldIds = rows.filter((r) => r.type === 'Sell Back').map((r) => Number(r.operation_key.split(':')[1]));
  const sold = soldIds.length
    ? await k
        .selectFrom('orders as o')
        .innerJoin('products as p', 'p.id', 'o.product_id')
        .select(['o.id', 'o.valid_days', 'o.kept_days', 'p.name'])
        .where('o.user_id', '=', userId)
        .where('o.id', 'in', soldIds)
        .execute()
    : [];
  const orders = purchaseKeys.length
    ? await k
        .selectFrom('orders as o')
        .innerJoin('products as p', 'p.id', 'o.product_id')
        .select(['o.request_id', 'o.quantity', 'p.name'])
        .where('o.user_id', '=', userId)
        .where('o.request_id', 'in', purchaseKeys)
        .execute()
    : [];
  // A member has at most one exchange.
  const exchange = rows.some((r) => r.type === 'Exchange')
    ? await k
        .selectFrom('exchange_redemptions as x')
        .innerJoin('exchange_codes as c', 'c.id', 'x.code_id')
        .select(['x.transfer_id', 'c.code'])
        .where('x.user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  // Team rewards (paid from the rewards budget, key reward:<id>): what earned them and from whom.
  const rewardIds = rows.filter((r) => r.description.startsWith('reward_')).map((r) => r.id);
  const rewards = rewardIds.length
    ? await k
        .selectFrom('rewards as w')
        .leftJoin('users as f', 'f.id', 'w.from_user_id')
        .select(['w.transfer_id', 'w.kind', 'w.level', 'f.phone'])
        .where('w.user_id', '=', userId)
        .where('w.transfer_id', 'in', rewardIds)
        .execute()
    : [];
  return rows.map((r) => {
    const amount = toMicro(r.amount);
    const reward = r.description.startsWith('reward_') ? rewards.find((w) => w.transfer_id === r.id) : undefined;
    // A move between two of the member's own accounts counts as incoming, except a withdrawal's hold.
    const incoming = own.has(r.credit_account_id) && r.type !== 'Withdrawal';
    let description: string;
    let fee = 0n;
    switch (r.type) {
      case 'Buy Machine': {
        const order = orders.find((o) => `order:${userId}:${o.request_id}` === r.operation_key);
        description = translate(locale, 'recordBuyMachine', { quantity: order?.quantity ?? 1, product: order?.name ?? '' });
        break;
      }
      case 'Sell Back': {
        const order = sold.find((o) => `sellback:${o.id}` === r.operation_key);
        description = translate(locale, 'recordSellBack', { product: order?.name ?? '', days: order ? order.valid_days - (order.kept_days ?? 0) : '' });
        break;
      }
      case 'Daily Income':
        description = translate(locale, 'recordDailyIncome');
        break;
      case 'Bonus':
      case 'Referral Bonus':
      case 'Team Benefits':
      case 'Invite Bonus':
        description = reward
          ? translate(locale, `recordReward_${reward.kind}` as MessageKey, { level: reward.level ?? '', member: reward.phone ? maskPhone(reward.phone) : '' })
          : translate(locale, 'recordFreeFirstDay');
        break;
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

async function recordOfTransfer(k: Kysely<Database>, userId: number, transferId: number, locale: LocaleTag): Promise<RecordView> {
  const accounts = await k.selectFrom('ledger_accounts').select('id').where('owner_user_id', '=', userId).execute();
  const rows = await selectRecordRows(recordQuery(k).where('t.id', '=', transferId));
  if (rows.length === 0) throw new Error(`No transfer ${transferId}`);
  return (await toRecords(k, userId, new Set(accounts.map((a) => a.id)), rows, locale))[0];
}

export async function incomeSummary(k: Kysely<Database>, userId: number, locale: LocaleTag) {
  const balances = await memberBalances(k, userId);
  const delayed = await k
    .selectFrom('income_accruals')
    .select(['reason'])
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'Delayed')
    .groupBy('reason')
    .execute();
  const delayedDays = delayed.reduce((n, r) => n + Number(r.n), 0);
  const last = await k
    .selectFrom('takeouts')
    .select('transfer_id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    pendingIncome: balances['member.pending_income'].toString(),
    delayedDays,
    delayReason: delayedDays > 0 ? delayReasonText(locale, delayed[0].reason) : null,
    todayTakeoutAvailable: balances['member.pending_income'] > 0n,
    lastTakeout: last ? await recordOfTransfer(k, userId, last.transfer_id, locale) : null,
  };
}

/**
 * Moves all pending income toward the wallet: pending -> held now (record Processing), and the settlement
 * job moves held -> available SETTLEMENT_DELAY_MS later (record Arrived). Idempotent by requestId.
 *
 * Pending income is the member's owed days in income payable and their own pending-income account (the
 * free first day, days paid before migration 0041). The takeout marks the owed days as its own in one
 * statement, collects their sum from income payable into the member's account (an internal leg) and
 * moves the whole to held. The accrual job adds owed days without the member's lock, but a day it adds
 * meanwhile is not marked by the statement and stays owed for the next takeout.
 */
export async function takeout(db: Db, userId: number, requestId: string, now: Date, locale: LocaleTag): Promise<RecordView> {
  const transferId = await db.kysely.transaction().execute(async (trx) => {
    const accounts = await memberAccounts(trx, userId, now);
    const pendingAccount = accounts['member.pending_income'];
    const heldAccount = accounts['member.held'];
    const key = `takeout:${userId}:${requestId}`;
    // Lock first, then read what will move (a concurrent retry waits and then replays).
    await lockAccounts(trx, db.dialect, [pendingAccount, heldAccount]);
    const again = await trx.selectFrom('takeouts').select('transfer_id').where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst();
    if (again) return again.transfer_id;
    const days = await trx
      .updateTable('income_accruals')
      .set({ takeout_request_id: requestId })
      .where('user_id', '=', userId)
      .where('payable', '=', 1)
      .where('takeout_request_id', 'is', null)
      .returning('amount')
      .execute();
    const fromDays = days.reduce((sum, day) => sum + BigInt(day.amount), 0n);
    const own = BigInt((await trx.selectFrom('ledger_accounts').select('balance').where('id', '=', pendingAccount).executeTakeFirstOrThrow()).balance);
    const pending = own + fromDays;
    if (pending <= 0n) throw new AppError(400, 'noProfitToday');
    const collect: Leg[] =
      fromDays > 0n
        ? [
            {
              key: `${key}:collect`,
              debit: await platformAccountId(trx, 'platform.income_payable'),
              credit: pendingAccount,
              amount: fromDays,
              type: 'Income Collected',
              description: 'income_collected',
            },
          ]
        : [];
    const { transfers } = await postOperation(trx, db.dialect, {
      operationKey: key,
      at: now,
      legs: [...collect, { key, debit: pendingAccount, credit: heldAccount, amount: pending, type: 'Income Takeout', description: 'takeout' }],
      // No takeout has this request id (read under the member's lock), so no transfer has its keys; income
      // payable, which every takeout touches, is then locked by the posting statement alone.
      keysAreNew: true,
      held: [pendingAccount, heldAccount],
    });
    await trx
      .insertInto('takeouts')
      .values({
        user_id: userId,
        request_id: requestId,
        amount: pending,
        status: 'Processing',
        transfer_id: transfers[transfers.length - 1].id,
        settle_transfer_id: null,
        created_at: now.toISOString(),
        settle_due_at: new Date(now.getTime() + SETTLEMENT_DELAY_MS).toISOString(),
        settled_at: null,
      })
      .execute();
    return transfers[transfers.length - 1].id;
  });
  return recordOfTransfer(db.kysely, userId, transferId, locale);
}

export async function walletSummary(k: Kysely<Database>, userId: number) {
  const b = await memberBalances(k, userId);
  return {
    available: b['member.available'].toString(),
    pendingIncome: b['member.pending_income'].toString(),
    held: b['member.held'].toString(),
    currency: 'USDT' as const,
  };
}
