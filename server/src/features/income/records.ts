import { RECORD_TYPES, type LocaleTag, type Page, type RecordStatus, type RecordType } from '@rigshare/domain';
import { sql, type Kysely } from 'kysely';
import { onePage, type Paging } from '../../db/paging';
import type { Database } from '../../db/schema';
import { translate } from '../../i18n';
import { payoutRewards, rewardKindsOf, rewardRecords } from './reward-records';
import { RECORD_TYPE, recordQuery, selectRecordRows, STATUS_SQL, recordsOfTransfers, type RecordView } from './transfer-records';

/** Legs that are the inside of an event the member already sees (settlement, the payout of a withdrawal, a takeout's or their rewards' collection). */
const INTERNAL_TYPES = ['Takeout Settlement', 'Withdrawal Paid', 'Withdrawal Fee', 'Income Collected', 'Rewards Collected'];

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
  // A member without accounts has no transfers, but may be owed rewards (paid into rewards payable).
  let base = recordQuery(k)
    .where((eb) => (ids.length === 0 ? sql<boolean>`1 = 0` : eb.or([eb('t.debit_account_id', 'in', ids), eb('t.credit_account_id', 'in', ids)])))
    .where('t.type', 'not in', INTERNAL_TYPES);
  if (filter.type) {
    const types = Object.keys(RECORD_TYPE).filter((t) => RECORD_TYPE[t] === filter.type);
    if (types.length === 0) return { total: 0, list: [] };
    base = base.where('t.type', 'in', types);
  }
  if (filter.status) base = base.where(STATUS_SQL, '=', filter.status);
  if (filter.period) base = base.where('t.created_at', '>=', filter.period.from).where('t.created_at', '<', filter.period.to);
  // A run's income is a Daily Income record, Succeeded; a reward paid by a payout a record of its kind's type, Succeeded.
  const withRuns = (!filter.type || filter.type === 'Daily Income') && (!filter.status || filter.status === 'Succeeded');
  const rewardKinds = filter.type ? rewardKindsOf(filter.type) : undefined;
  const withRewards = (!rewardKinds || rewardKinds.length > 0) && (!filter.status || filter.status === 'Succeeded');

  // Newest first in the ledger's order (ids), as before migration 0041; a run where its transfer stands.
  const transfers = base.select([sql<string>`'transfer'`.as('source'), 't.id as id', 't.id as seq']);
  const periodRuns = filter.period ? incomeRuns(k, userId).where('rt.created_at', '>=', filter.period.from).where('rt.created_at', '<', filter.period.to) : incomeRuns(k, userId);
  const runs = periodRuns.select([sql<string>`'run'`.as('source'), sql<number>`a.paid_run_id`.as('id'), 'rt.id as seq']);
  const transferCount = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const runCount = withRuns ? await k.selectFrom(runs.as('r')).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow() : { n: 0 };
  let paidRewards = payoutRewards(k, userId);
  if (rewardKinds) paidRewards = paidRewards.where('w.kind', 'in', rewardKinds);
  if (filter.period) paidRewards = paidRewards.where('pt.created_at', '>=', filter.period.from).where('pt.created_at', '<', filter.period.to);
  const rewards = paidRewards.select([sql<string>`'reward'`.as('source'), 'w.id as id', 'pt.id as seq']);
  const rewardCount = withRewards ? await paidRewards.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow() : { n: 0 };
  let sources = transfers;
  if (withRuns) sources = sources.unionAll(runs);
  if (withRewards) sources = sources.unionAll(rewards);
  const page = await onePage(sources.orderBy('seq', 'desc').orderBy('id', 'desc'), paging).execute();

  const transferIds = page.filter((p) => p.source === 'transfer').map((p) => Number(p.id));
  const runIds = page.filter((p) => p.source === 'run').map((p) => Number(p.id));
  const transferRows = transferIds.length ? await selectRecordRows(recordQuery(k).where('t.id', 'in', transferIds)) : [];
  const runRows = runIds.length
    ? await incomeRuns(k, userId)
        .where('a.paid_run_id', 'in', runIds)
        .select(['a.paid_run_id', 'rt.created_at as time', (eb) => eb.fn.sum<string | number | bigint>('a.amount').as('amount')])
        .execute()
    : [];
  const transferRecords = new Map((await recordsOfTransfers(k, userId, new Set(ids), transferRows, locale)).map((r) => [r.id, r]));
  const rewardRecordsById = await rewardRecords(
    k,
    userId,
    page.filter((p) => p.source === 'reward').map((p) => Number(p.id)),
    locale,
  );
  const runRecords = new Map(
    runRows.map((r) => [Number(r.paid_run_id), incomeRunRecord({ id: Number(r.paid_run_id), time: r.time, amount: BigInt(r.amount) }, locale)]),
  );
  return {
    total: Number(transferCount.n) + Number(runCount.n) + Number(rewardCount.n),
    list: page.map((p) => {
      if (p.source === 'run') return runRecords.get(Number(p.id))!;
      if (p.source === 'reward') return rewardRecordsById.get(Number(p.id))!;
      return transferRecords.get(Number(p.id))!;
    }),
  };
}
