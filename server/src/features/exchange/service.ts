import { parseAmount } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import { toMicro, type Database } from '../../db/schema';
import { AppError } from '../../errors';
import { memberAccounts, platformAccountId } from '../../ledger/accounts';
import { IdempotencyConflictError, lockAccounts, postOperation } from '../../ledger/ledger';
import { OperatorError } from '../../operator-error';
import { promotionAccounts, releasePromotion, reservePromotion } from '../../ledger/promotions';
import { auditStaffAction, staffReason, type ActedBy } from '../../audit';
import type { AppDeps } from '../../types';

/**
 * Exchange codes: staff create a code with an amount per member and a budget, which is reserved from the
 * promotions budget at once (ledger/promotions.ts; refused beyond what is funded and not reserved); a
 * member redeems one code, once ever (unique user_id, ledger key exchange:<userId>), paid
 * platform.rewards_reserved -> member.available. The code's budget shrinks in the same transaction as
 * the credit, never below zero; closing the code returns what is left to the promotions budget.
 */

export const EXCHANGE_CODE_PATTERN = /^[A-Z0-9_-]{4,32}$/;
export const exchangeKey = (userId: number) => `exchange:${userId}`;

export interface ExchangeView {
  id: number;
  code: string;
  amount: string;
  createTime: string;
}

/** What members type: case and surrounding spaces do not matter. */
export function normalizeCode(text: string): string {
  return text.trim().toUpperCase();
}

function redemptionQuery(k: Kysely<Database>) {
  return k
    .selectFrom('exchange_redemptions as r')
    .innerJoin('exchange_codes as c', 'c.id', 'r.code_id')
    .select(['r.id', 'r.user_id', 'r.request_id', 'r.amount', 'r.created_at', 'c.code']);
}

type RedemptionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof redemptionQuery>['executeTakeFirst']>>>;

function exchangeView(row: RedemptionRow): ExchangeView {
  return { id: row.id, code: row.code, amount: toMicro(row.amount).toString(), createTime: row.created_at };
}

export async function exchangeStatus(k: Kysely<Database>, userId: number): Promise<{ used: boolean; record: ExchangeView | null }> {
  const row = await redemptionQuery(k).where('r.user_id', '=', userId).executeTakeFirst();
  return { used: Boolean(row), record: row ? exchangeView(row) : null };
}

export async function hasUsedExchange(k: Kysely<Database>, userId: number): Promise<boolean> {
  return Boolean(await k.selectFrom('exchange_redemptions').select('id').where('user_id', '=', userId).executeTakeFirst());
}

/**
 * Redeems `code` for the member. Checks, in order: a code was entered, the member's one exchange is
 * unused (the same requestId and code replays the first success), the code exists and is open, its
 * remaining budget covers one more; then, in one transaction, the budget shrinks and the amount is
 * credited. Every redemption locks the member's account, then platform.rewards_reserved, so redemptions
 * run one at a time.
 */
export async function redeemExchange(deps: AppDeps, userId: number, input: { code: string; requestId: string }): Promise<ExchangeView> {
  const code = normalizeCode(input.code);
  if (!code) throw new AppError(400, 'exchangeCodeRequired');
  const { db } = deps;
  const now = deps.clock();
  try {
    const id = await db.kysely.transaction().execute(async (trx) => {
      // The member's account first, then the reservations: the order purchases take (orders/service.ts).
      const accounts = await memberAccounts(trx, userId, now);
      await lockAccounts(trx, db.dialect, [accounts['member.available']]);
      const reserved = await platformAccountId(trx, 'platform.rewards_reserved');
      await lockAccounts(trx, db.dialect, [reserved]);

      const previous = await redemptionQuery(trx).where('r.user_id', '=', userId).executeTakeFirst();
      if (previous) {
        if (previous.request_id === input.requestId && previous.code === code) return previous.id;
        throw new AppError(409, 'exchangeAlreadyUsed');
      }
      const found = EXCHANGE_CODE_PATTERN.test(code)
        ? await trx.selectFrom('exchange_codes').selectAll().where('code', '=', code).executeTakeFirst()
        : undefined;
      if (!found) throw new AppError(404, 'exchangeCodeUnknown');
      if (found.status !== 'Open') throw new AppError(409, 'exchangeCodeClosed');
      const amount = toMicro(found.amount);
      const taken = await trx
        .updateTable('exchange_codes')
        .set((eb) => ({ remaining: eb('remaining', '-', amount) }))
        .where('id', '=', found.id)
        .where('status', '=', 'Open')
        .where('remaining', '>=', amount)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) {
        const current = await trx.selectFrom('exchange_codes').select('status').where('id', '=', found.id).executeTakeFirstOrThrow();
        throw current.status === 'Open' ? new AppError(400, 'exchangeBalanceZero') : new AppError(409, 'exchangeCodeClosed');
      }

      const key = exchangeKey(userId);
      const { transfers } = await postOperation(trx, db.dialect, {
        operationKey: key,
        at: now,
        legs: [{ key, debit: reserved, credit: accounts['member.available'], amount, type: 'Exchange', description: 'exchange' }],
      });
      const inserted = await trx
        .insertInto('exchange_redemptions')
        .values({ user_id: userId, code_id: found.id, amount, request_id: input.requestId, transfer_id: transfers[0].id, created_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
    return exchangeView((await redemptionQuery(db.kysely).where('r.id', '=', id).executeTakeFirst())!);
  } catch (error) {
    // The ledger key is the last guard of "once per member".
    if (error instanceof IdempotencyConflictError) throw new AppError(409, 'exchangeAlreadyUsed');
    throw error;
  }
}

// ---- staff (npm run admin -- exchange:create | exchange:list | exchange:close) ----

function operatorAmount(text: string | undefined, name: string): bigint {
  let amount: bigint;
  try {
    amount = parseAmount(text ?? '');
  } catch {
    throw new OperatorError(`--${name}: not an amount: "${text ?? ''}" (use USDT, e.g. 5 or 2.5)`);
  }
  if (amount <= 0n) throw new OperatorError(`--${name} must be positive`);
  return amount;
}

function operatorCode(text: string | undefined): string {
  const code = normalizeCode(text ?? '');
  if (!EXCHANGE_CODE_PATTERN.test(code)) throw new OperatorError(`Not an exchange code: "${text ?? ''}" (4 to 32 letters, digits, '-' or '_')`);
  return code;
}

export interface ExchangeCodeSummary {
  code: string;
  amount: bigint;
  budget: bigint;
  remaining: bigint;
  redemptions: number;
  status: string;
  reason: string;
  createdAt: string;
}

/** The audit row of a staff action on an exchange code. */
function auditCode(trx: Kysely<Database>, actor: ActedBy, action: string, code: string, after: string, reason: string | null, at: Date) {
  return auditStaffAction(trx, actor, { action, target: `exchange:${code}`, after, reason, at });
}

/**
 * A new open code. The budget must be a whole number of redemptions, so none is left unusable; it is
 * reserved from the promotions budget in the same transaction, or the code is refused and nothing changes.
 */
export async function createExchangeCode(
  db: Db,
  input: { code: string | undefined; amount: string | undefined; budget: string | undefined; reason: string | undefined; at: Date; actor?: ActedBy },
): Promise<ExchangeCodeSummary> {
  const code = operatorCode(input.code);
  const amount = operatorAmount(input.amount, 'amount');
  const budget = operatorAmount(input.budget, 'budget');
  if (budget < amount || budget % amount !== 0n) throw new OperatorError('--budget must be a whole multiple of --amount (the number of members who can redeem it)');
  const reason = staffReason(input.reason);
  await db.kysely.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('exchange_codes')
      .values({ code, amount, budget, remaining: budget, reason, status: 'Open', created_at: input.at.toISOString(), closed_at: null })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new OperatorError(`Exchange code ${code} already exists`);
    await reservePromotion(trx, db.dialect, { key: `exchange-reserve:${inserted.id}`, amount: budget, at: input.at });
    if (input.actor) await auditCode(trx, input.actor, 'exchange.create', code, `${amount} per member, budget ${budget}`, reason, input.at);
  });
  return (await exchangeCodes(db.kysely, code))[0];
}

/** Every code (or one), newest first, with how many members redeemed it. */
export async function exchangeCodes(k: Kysely<Database>, code?: string): Promise<ExchangeCodeSummary[]> {
  let query = k
    .selectFrom('exchange_codes as c')
    .leftJoin('exchange_redemptions as r', 'r.code_id', 'c.id')
    .select(['c.id', 'c.code', 'c.amount', 'c.budget', 'c.remaining', 'c.status', 'c.reason', 'c.created_at'])
    .select((eb) => eb.fn.count<string | number>('r.id').as('redemptions'))
    .groupBy(['c.id', 'c.code', 'c.amount', 'c.budget', 'c.remaining', 'c.status', 'c.reason', 'c.created_at'])
    .orderBy('c.id', 'desc');
  if (code !== undefined) query = query.where('c.code', '=', code);
  const rows = await query.execute();
  return rows.map((r) => ({
    code: r.code,
    amount: toMicro(r.amount),
    budget: toMicro(r.budget),
    remaining: toMicro(r.remaining),
    redemptions: Number(r.redemptions),
    status: r.status,
    reason: r.reason,
    createdAt: r.created_at,
  }));
}

/** Closes an open code: no further redemptions; what was credited stays, what is left returns to the promotions budget. */
export async function closeExchangeCode(db: Db, input: { code: string | undefined; at: Date; actor?: ActedBy }): Promise<ExchangeCodeSummary> {
  const code = operatorCode(input.code);
  const updated = await db.kysely.transaction().execute(async (trx) => {
    // The reservations before the code's row, the order redemptions take them in.
    const { budget, reserved } = await promotionAccounts(trx);
    await lockAccounts(trx, db.dialect, [budget, reserved]);
    const closed = await trx
      .updateTable('exchange_codes')
      .set({ status: 'Closed', closed_at: input.at.toISOString() })
      .where('code', '=', code)
      .where('status', '=', 'Open')
      .returning(['id', 'remaining'])
      .executeTakeFirst();
    if (!closed) return false;
    await releasePromotion(trx, db.dialect, { key: `exchange-release:${closed.id}`, amount: toMicro(closed.remaining), at: input.at });
    if (input.actor) await auditCode(trx, input.actor, 'exchange.close', code, 'Closed', null, input.at);
    return true;
  });
  const [summary] = await exchangeCodes(db.kysely, code);
  if (!summary) throw new OperatorError(`No exchange code ${code}`);
  if (!updated) throw new OperatorError(`Exchange code ${code} is already ${summary.status}`);
  return summary;
}

/**
 * The exchange's invariants (empty = all hold): each code's used budget equals what its members were
 * credited, and each redemption was credited by its exchange:<userId> transfer of its amount.
 */
export async function exchangeProblems(k: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const codes = await k
    .selectFrom('exchange_codes as c')
    .leftJoin('exchange_redemptions as r', 'r.code_id', 'c.id')
    .select(['c.code', 'c.budget', 'c.remaining'])
    .select((eb) => eb.fn.sum<string | number | null>('r.amount').as('credited'))
    .groupBy(['c.id', 'c.code', 'c.budget', 'c.remaining'])
    .execute();
  for (const c of codes) {
    const used = toMicro(c.budget) - toMicro(c.remaining);
    const credited = BigInt(c.credited ?? 0);
    if (used !== credited) problems.push(`exchange code ${c.code}: ${used} of its budget used but ${credited} credited`);
  }
  const rows = await k
    .selectFrom('exchange_redemptions as r')
    .leftJoin('ledger_transfers as t', 't.id', 'r.transfer_id')
    .select(['r.id', 'r.user_id', 'r.amount', 't.idempotency_key', 't.amount as transferred', 't.type'])
    .execute();
  for (const r of rows) {
    const ok = r.idempotency_key === exchangeKey(r.user_id) && r.type === 'Exchange' && r.transferred !== null && toMicro(r.transferred) === toMicro(r.amount);
    if (!ok) problems.push(`exchange ${r.id} of member ${r.user_id} does not match its transfer`);
  }
  return problems;
}
