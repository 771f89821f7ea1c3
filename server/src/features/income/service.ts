import type { LocaleTag, Page } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import { toMicro, type Database } from '../../db/schema';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { memberAccounts, memberBalances } from '../../ledger/accounts';
import { lockAccounts, postOperation } from '../../ledger/ledger';
import { SETTLEMENT_DELAY_MS } from '../../jobs/settlement';
import { delayReasonText } from '../orders/service';

export type RecordType = 'Daily Income' | 'Buy Machine' | 'Adjustment' | 'Bonus';
export type RecordStatus = 'Processing' | 'Arrived' | 'Succeeded' | 'Failed' | 'Pending';

export interface RecordView {
  id: number;
  type: RecordType;
  amount: string;
  description: string;
  time: string;
  status: RecordStatus;
  code: string;
}

type TransferRow = {
  id: number;
  operation_key: string;
  debit_account_id: number;
  credit_account_id: number;
  amount: string | number | bigint;
  type: string;
  description: string;
  reason: string | null;
  created_at: string;
};

const RECORD_TYPE: Record<string, RecordType> = {
  'Daily Income': 'Daily Income',
  'Income Takeout': 'Daily Income',
  'Buy Machine': 'Buy Machine',
  Bonus: 'Bonus',
  Adjustment: 'Adjustment',
  Reversal: 'Adjustment',
};

/** The member's records: every transfer into or out of their accounts, except the internal settlement leg. */
export async function memberRecords(
  k: Kysely<Database>,
  userId: number,
  paging: { pageNum: number; pageSize: number },
  locale: LocaleTag,
): Promise<Page<RecordView>> {
  const accounts = await k.selectFrom('ledger_accounts').select('id').where('owner_user_id', '=', userId).execute();
  const ids = accounts.map((a) => a.id);
  if (ids.length === 0) return { total: 0, list: [] };
  const base = k
    .selectFrom('ledger_transfers')
    .where((eb) => eb.or([eb('debit_account_id', 'in', ids), eb('credit_account_id', 'in', ids)]))
    .where('type', '!=', 'Takeout Settlement');
  const total = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'operation_key', 'debit_account_id', 'credit_account_id', 'amount', 'type', 'description', 'reason', 'created_at'])
    .orderBy('id', 'desc')
    .limit(paging.pageSize)
    .offset((paging.pageNum - 1) * paging.pageSize)
    .execute();
  return { total: Number(total.n), list: await toRecords(k, userId, new Set(ids), rows, locale) };
}

async function toRecords(k: Kysely<Database>, userId: number, own: Set<number>, rows: TransferRow[], locale: LocaleTag): Promise<RecordView[]> {
  const takeoutIds = rows.filter((r) => r.type === 'Income Takeout').map((r) => r.id);
  const takeouts = takeoutIds.length
    ? await k.selectFrom('takeouts').select(['transfer_id', 'status']).where('transfer_id', 'in', takeoutIds).execute()
    : [];
  const purchaseKeys = rows.filter((r) => r.type === 'Buy Machine').map((r) => r.operation_key.split(':').slice(2).join(':'));
  const orders = purchaseKeys.length
    ? await k
        .selectFrom('orders as o')
        .innerJoin('products as p', 'p.id', 'o.product_id')
        .select(['o.request_id', 'o.quantity', 'p.name'])
        .where('o.user_id', '=', userId)
        .where('o.request_id', 'in', purchaseKeys)
        .execute()
    : [];
  return rows.map((r) => {
    const amount = toMicro(r.amount);
    const incoming = own.has(r.credit_account_id);
    let description: string;
    let status: RecordStatus = 'Succeeded';
    switch (r.type) {
      case 'Buy Machine': {
        const order = orders.find((o) => `order:${userId}:${o.request_id}` === r.operation_key);
        description = translate(locale, 'recordBuyMachine', { quantity: order?.quantity ?? 1, product: order?.name ?? '' });
        break;
      }
      case 'Daily Income':
        description = translate(locale, 'recordDailyIncome');
        break;
      case 'Bonus':
        description = translate(locale, 'recordFreeFirstDay');
        break;
      case 'Income Takeout':
        description = translate(locale, 'recordTakeout');
        status = takeouts.find((t) => t.transfer_id === r.id)?.status === 'Arrived' ? 'Arrived' : 'Processing';
        break;
      default:
        description = r.reason ?? r.description;
    }
    return {
      id: r.id,
      type: RECORD_TYPE[r.type] ?? 'Adjustment',
      amount: (incoming ? amount : -amount).toString(),
      description,
      time: r.created_at,
      status,
      code: `T${r.id}`,
    };
  });
}

async function recordOfTransfer(k: Kysely<Database>, userId: number, transferId: number, locale: LocaleTag): Promise<RecordView> {
  const accounts = await k.selectFrom('ledger_accounts').select('id').where('owner_user_id', '=', userId).execute();
  const row = await k
    .selectFrom('ledger_transfers')
    .select(['id', 'operation_key', 'debit_account_id', 'credit_account_id', 'amount', 'type', 'description', 'reason', 'created_at'])
    .where('id', '=', transferId)
    .executeTakeFirstOrThrow();
  return (await toRecords(k, userId, new Set(accounts.map((a) => a.id)), [row], locale))[0];
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
 */
export async function takeout(db: Db, userId: number, requestId: string, now: Date, locale: LocaleTag): Promise<RecordView> {
  const transferId = await db.kysely.transaction().execute(async (trx) => {
    const accounts = await memberAccounts(trx, userId, now);
    const key = `takeout:${userId}:${requestId}`;
    // Lock first, then read the balance that will move (a concurrent retry waits and then replays).
    await lockAccounts(trx, db.dialect, [accounts['member.pending_income'], accounts['member.held']]);
    const again = await trx.selectFrom('takeouts').select('transfer_id').where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst();
    if (again) return again.transfer_id;
    const pending = (await memberBalances(trx, userId))['member.pending_income'];
    if (pending <= 0n) throw new AppError(400, 'noProfitToday');
    const { transfers } = await postOperation(trx, db.dialect, {
      operationKey: key,
      at: now,
      legs: [{ key, debit: accounts['member.pending_income'], credit: accounts['member.held'], amount: pending, type: 'Income Takeout', description: 'takeout' }],
    });
    await trx
      .insertInto('takeouts')
      .values({
        user_id: userId,
        request_id: requestId,
        amount: pending,
        status: 'Processing',
        transfer_id: transfers[0].id,
        settle_transfer_id: null,
        created_at: now.toISOString(),
        settle_due_at: new Date(now.getTime() + SETTLEMENT_DELAY_MS).toISOString(),
        settled_at: null,
      })
      .execute();
    return transfers[0].id;
  });
  return recordOfTransfer(db.kysely, userId, transferId, locale);
}

export async function walletSummary(k: Kysely<Database>, userId: number) {
  const b = await memberBalances(k, userId);
  return {
    available: b['member.available'].toString(),
    pendingIncome: b['member.pending_income'].toString(),
    held: b['member.held'].toString(),
    currency: 'USDT',
  };
}

export async function exchangeRate(k: Kysely<Database>, currency: string) {
  const row = await k.selectFrom('exchange_rates').selectAll().where('currency', '=', currency.toUpperCase()).executeTakeFirst();
  if (!row) throw new AppError(404, 'currencyNotFound');
  return { currency: row.currency, rate: row.rate, updatedAt: row.updated_at, source: row.source };
}
