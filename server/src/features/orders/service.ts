import { PRODUCT_STATUS } from '@rigshare/domain';
import type { Kysely, OperationNodeSource } from 'kysely';
import type { Db, DialectName } from '../../db/connect';
import { toMicro, type Database } from '../../db/schema';
import { AppError } from '../../errors';
import { DAY_MS } from '../../jobs/accrual';
import { lockSpenders } from '../../ledger/accounts';
import { collectSpendersRewards } from '../../ledger/owed-rewards';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  lockAccounts,
  postNewOperations,
  PreconditionFailedError,
  type Leg,
  type NewOperation,
} from '../../ledger/ledger';
import { FIRST_ORDER_BONUS_KEY, purchaseOperationKey, requestHash, type CreateOrderInput, type PurchaseOutcome } from './purchase';
import { couponsOf, productsOf, purchaseHistory, unitsHeld, type Product } from './purchase-reads';
import { BatchState, decide, requestOf, type Accepted, type Decision } from './purchase-rules';
import { orderRowsById, type OrderRow } from './views';
import { recordCatalogueChange } from '../../events';

// The read side lives in ./views and what a purchase is in ./purchase; re-exported so the routes keep their import.
export { delayReasonText, listOrders, orderById, orderDays, orderTotals, toOrderView } from './views';
export { type CreateOrderInput, type PurchaseOutcome } from './purchase';

/** The platform accounts a purchase moves money with. */
const PLATFORM_KINDS = ['platform.rental_revenue', 'platform.rewards_expense', 'platform.rewards_reserved'] as const;

/**
 * Buys for several members at once, in one transaction (a purchase alone is a batch of one; the routes
 * gather the purchases that arrive while one batch runs into the next, see purchase-queue.ts). Each
 * purchase gets its own outcome: one refused for its balance, units or coupon leaves the others standing.
 * Should the transaction fail as a whole (the database, a lost race for the last units, a bug), each
 * purchase is tried again alone, so every error lands on the request it belongs to; a purchase that
 * did commit is replayed by its requestId.
 */
export async function buyTogether(db: Db, inputs: readonly CreateOrderInput[], letNextStart: () => void = () => {}): Promise<PurchaseOutcome[]> {
  try {
    return await db.kysely.transaction().execute((trx) => buyInTransaction(trx, db.dialect, inputs, letNextStart));
  } catch (error) {
    letNextStart();
    if (inputs.length === 1) return [{ ok: false, error: purchaseError(error) }];
    const outcomes: PurchaseOutcome[] = [];
    for (const input of inputs) outcomes.push(...(await buyTogether(db, [input])));
    return outcomes;
  }
}

/** The ledger's refusals, as the member reads them. */
function purchaseError(error: unknown): unknown {
  if (error instanceof InsufficientFundsError) return new AppError(400, 'insufficientBalance');
  if (error instanceof IdempotencyConflictError) return new AppError(409, 'requestReused');
  if (error instanceof PreconditionFailedError) return new AppError(409, 'notEnoughUnits');
  return error;
}

/**
 * The batch's transaction, step by step (each step is one function below, one statement for the whole
 * batch unless said otherwise):
 * 1. lock the members' accounts and read their balances (with the platform accounts' ids);
 * 2. read what the members' orders say: the orders these requestIds made already, who has ordered
 *    before, whose free first day was paid;
 * 3. read the products, and for products with a maxBuy the units the members hold (a statement more),
 *    and the coupons given (a statement more);
 * 4. decide each purchase in arrival order (`decide`), as if they ran one after another: replay a known
 *    requestId (other content: refused), check the sale window, units left, maxBuy, the coupon and the
 *    balance, in the contract's order, so a purchase that fails several is refused for the first;
 * 5. record the accepted orders;
 * 6. take the units with a guarded UPDATE (never oversells) and post every payment, coupon share and
 *    free first day through the ledger in one posting (on PostgreSQL with step 5 in the same statement),
 *    then mark the coupons used;
 * 7. record the free first days as paid income days;
 * 8. answer each purchase with its order: the row just written, or, for a requestId that made its order
 *    before, that order read (a statement only when there is one).
 *
 * Rows every purchase shares are taken last, at step 6, always the products' rows (in id order) before
 * the platform accounts, so they are held only from there to the commit (docs/performance.md, "API
 * throughput"). A batch of one product without coupons or first orders takes the product and rental
 * revenue in its posting statement (the units are the posting's `onlyIf`): held for one statement and
 * the commit. Otherwise the units are taken first, then both platform accounts are locked at once in id
 * order. The members' own accounts are locked first, in id order, so one member's purchases run one after
 * another and two batches never wait for each other in a cycle; exchange redemptions take the same order
 * (member, then the promotion accounts; tested in coupons.test.ts).
 */
export async function buyInTransaction(
  trx: Kysely<Database>,
  dialect: DialectName,
  inputs: readonly CreateOrderInput[],
  letNextStart: () => void,
): Promise<PurchaseOutcome[]> {
  const spenders = await lockSpenders(
    trx,
    dialect,
    inputs.map((i) => i.userId),
    PLATFORM_KINDS,
    inputs[0]!.now,
  );
  // Rewards owed to a spender count in their balance: collected before it is spent.
  await collectSpendersRewards(trx, dialect, spenders, inputs[0]!.now);
  const history = await purchaseHistory(trx, inputs);
  const products = await productsOf(trx, inputs);
  const held = await unitsHeld(trx, inputs, products);
  const coupons = await couponsOf(trx, inputs);

  const batch = new BatchState(spenders.members, history, held);
  const decisions = inputs.map((input, index) => decide(input, index, batch, products, coupons));
  const accepted = decisions.filter((d): d is Accepted => d.kind === 'accepted');
  // The next batch may take its members' locks and read now: this one's shared rows come next, and the
  // next one's posting waits for them behind this one's commit (docs/ledger.md, "Locking and SQLite").
  letNextStart();

  let orderIds = new Map<number, number>();
  if (accepted.length > 0) {
    const lockedAccounts = [...spenders.members.values()].flatMap((m) => [m['member.available'].id, m['member.pending_income'].id]);
    orderIds = await recordAndPay(trx, dialect, accepted, spenders.platform, lockedAccounts);
    await markCouponsUsed(trx, accepted, orderIds);
    await recordFreeFirstDays(trx, accepted, orderIds);
    await recordCatalogueChange(trx, inputs[0]!.now);
  }

  // A new order's view is what was just written; an order made before is read (a retried request).
  const earlier = await orderRowsById(
    trx,
    decisions.flatMap((d) => (d.kind === 'replayed' ? [d.orderId] : [])),
  );
  const rowOf = (d: Exclude<Decision, { kind: 'refused' }>): OrderRow => {
    if (d.kind === 'replayed') return earlier.get(d.orderId)!;
    const purchase = d.kind === 'accepted' ? d : (decisions[d.index] as Accepted);
    return newOrderRow(purchase, orderIds.get(purchase.index)!);
  };
  return decisions.map((d) => (d.kind === 'refused' ? { ok: false, error: d.error } : { ok: true, value: rowOf(d) }));
}

/** The view's row of an order this batch made, from what it wrote (no read back). */
function newOrderRow({ input, product, price, freeFirstDay }: Accepted, orderId: number): OrderRow {
  return {
    id: orderId,
    product_id: input.productId,
    quantity: input.quantity,
    unit_price: price.unitPrice,
    amount: price.amount,
    coupon_amount: price.couponAmount,
    day_return_amount: product.day_return_micro,
    valid_days: product.valid_days,
    created_at: input.now.toISOString(),
    ends_ms: orderEnd(input, product),
    status: 'Valid',
    sold_at: null,
    sold_amount: null,
    name: product.name,
    image_url: product.image_url,
    days_paid: freeFirstDay > 0n ? 1 : 0,
    earned: freeFirstDay,
    days_delayed: 0,
  };
}

/** An order's last day's due time: its creation plus its valid days. */
const orderEnd = (input: CreateOrderInput, product: Product) => input.now.getTime() + product.valid_days * DAY_MS;

/** The INSERT of the accepted orders (step 5), returning what tells them apart; the posting runs it (`recordAndPay`). */
function insertOrders(trx: Kysely<Database>, accepted: Accepted[]) {
  return trx
    .insertInto('orders')
    .values(
      accepted.map(({ input, product, price, freeFirstDay }) => ({
        user_id: input.userId,
        product_id: input.productId,
        quantity: input.quantity,
        unit_price: price.unitPrice,
        amount: price.amount,
        coupon_id: input.couponId,
        coupon_amount: price.couponAmount,
        day_return_amount: toMicro(product.day_return_micro),
        valid_days: product.valid_days,
        request_id: input.requestId,
        request_hash: requestHash(input),
        created_at: input.now.toISOString(),
        created_ms: input.now.getTime(),
        ends_ms: orderEnd(input, product),
        status: 'Valid',
        // The job pays an order with a free first day from day 2: it inserts its days without looking for existing ones.
        first_job_day: freeFirstDay > 0n ? 2 : 1,
      })),
    )
    .returning(['id', 'user_id', 'request_id']);
}

/** Each coupon a purchase used, marked used by its order. */
async function markCouponsUsed(trx: Kysely<Database>, accepted: Accepted[], orderIds: Map<number, number>): Promise<void> {
  for (const p of accepted) {
    if (p.price.userCouponId === null) continue;
    await trx
      .updateTable('user_coupons')
      .set({ used_at: p.input.now.toISOString(), order_id: orderIds.get(p.index)! })
      .where('id', '=', p.price.userCouponId)
      .execute();
  }
}

/**
 * Steps 5 and 6: the orders recorded, the units taken and the money moved; on PostgreSQL the orders'
 * INSERT is part of the posting statement (`alongside`), one round trip for both. Each member pays rental
 * revenue; a coupon's share comes from what the coupon reserved (rewards reserved), and a free first day
 * from the promotions budget (rewards expense, into the member's pending income) while it covers it: a
 * first order it cannot cover gets no free day and earns day 1 from the job like any other. The keys are
 * new: no order has these requestIds (step 2, under the members' locks), and only their orders' purchases
 * post them. `memberAccounts`: the accounts locked at step 1. Returns the new orders' ids by the
 * purchases' places in the batch.
 */
async function recordAndPay(
  trx: Kysely<Database>,
  dialect: DialectName,
  accepted: Accepted[],
  platform: Record<(typeof PLATFORM_KINDS)[number], number>,
  memberAccounts: number[],
): Promise<Map<number, number>> {
  const rental = platform['platform.rental_revenue'];
  const promotions = platform['platform.rewards_expense'];
  const reserved = platform['platform.rewards_reserved'];
  const units = new Map<number, number>();
  for (const { input } of accepted) units.set(input.productId, (units.get(input.productId) ?? 0) + input.quantity);
  const touchesPromotions = accepted.some((p) => p.price.couponAmount > 0n || p.freeFirstDay > 0n);
  const held = [...memberAccounts];
  let onlyIf: OperationNodeSource | undefined;
  if (units.size === 1 && !touchesPromotions) {
    const [[productId, quantity]] = [...units];
    onlyIf = takeUnits(trx, productId!, quantity!);
  } else {
    for (const productId of [...units.keys()].sort((a, b) => a - b)) {
      const taken = await takeUnits(trx, productId, units.get(productId)!).execute();
      if (taken.length !== 1) throw new PreconditionFailedError(`units of product ${productId}`);
    }
    if (touchesPromotions) {
      await holdCoupons(trx, accepted);
      await lockAccounts(trx, dialect, [rental, promotions, reserved]);
      held.push(rental, promotions, reserved);
      await coverFirstDays(trx, accepted, promotions);
    }
  }

  const operations: NewOperation[] = [];
  for (const { input, price, accounts, freeFirstDay } of accepted) {
    const operationKey = purchaseOperationKey(input.userId, input.requestId);
    const legs: Leg[] = [{ key: `${operationKey}:pay`, debit: accounts.available, credit: rental, amount: price.amount, type: 'Buy Machine', description: 'buy_machine' }];
    if (price.couponAmount > 0n) {
      legs.push({ key: `${operationKey}:coupon`, debit: reserved, credit: rental, amount: price.couponAmount, type: 'Coupon', description: 'coupon' });
    }
    operations.push({ operationKey, legs, at: input.now });
    if (freeFirstDay > 0n) {
      const bonusKey = FIRST_ORDER_BONUS_KEY(input.userId);
      operations.push({
        operationKey: bonusKey,
        at: input.now,
        legs: [{ key: bonusKey, debit: promotions, credit: accounts.pendingIncome, amount: freeFirstDay, type: 'Bonus', description: 'free_first_day' }],
      });
    }
  }
  const { alongside: orders } = await postNewOperations(trx, dialect, { operations, held, onlyIf, alongside: insertOrders(trx, accepted) });
  const byRequest = new Map(orders.map((r) => [requestOf({ userId: r.user_id, requestId: r.request_id }), r.id]));
  return new Map(accepted.map((p) => [p.index, byRequest.get(requestOf(p.input))!]));
}

/**
 * Takes the rows of the coupons the purchases use, each still offered and not released: a coupon staff
 * withdraw meanwhile has returned its reservation, so its discount must not be paid. The whole batch then
 * fails and each purchase is decided again alone, where the coupon is refused.
 */
async function holdCoupons(trx: Kysely<Database>, accepted: Accepted[]): Promise<void> {
  const couponIds = [...new Set(accepted.flatMap((p) => (p.price.couponAmount > 0n && p.input.couponId !== null ? [p.input.couponId] : [])))].sort((a, b) => a - b);
  for (const id of couponIds) {
    const held = await trx
      .updateTable('coupons')
      .set((eb) => ({ claimed: eb.ref('claimed') }))
      .where('id', '=', id)
      .where('active', '=', 1)
      .where('released_at', 'is', null)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) throw new AppError(400, 'couponNotUsable');
  }
}

/**
 * The free first days the promotions budget covers, in arrival order, under its lock; the others are
 * dropped (their orders earn day 1 from the job). The budget holds funded money not reserved for codes
 * or coupons, so a free day never draws on what a coupon reserved.
 */
async function coverFirstDays(trx: Kysely<Database>, accepted: Accepted[], promotions: number): Promise<void> {
  if (!accepted.some((p) => p.freeFirstDay > 0n)) return;
  const row = await trx.selectFrom('ledger_accounts').select('balance').where('id', '=', promotions).executeTakeFirstOrThrow();
  let left = toMicro(row.balance);
  for (const purchase of accepted) {
    if (purchase.freeFirstDay === 0n) continue;
    if (purchase.freeFirstDay <= left) left -= purchase.freeFirstDay;
    else purchase.freeFirstDay = 0n;
  }
}

/**
 * The UPDATE that claims `quantity` units before the orders are written, guarded so it never oversells
 * (it changes no row when too few are left) and marking the product sold out with its last unit. It
 * holds the product's row until the commit, so the next purchase reads the units this one's orders
 * add: those are counted by the database from the orders' INSERT (migration 0047), never written here.
 * A batch of one product without rewards legs runs it inside its posting.
 */
function takeUnits(trx: Kysely<Database>, productId: number, quantity: number) {
  return trx
    .updateTable('products')
    .set((eb) => ({
      status: eb
        .case()
        .when(eb('units_sold', '+', quantity), '=', eb.ref('units_offered'))
        .then(PRODUCT_STATUS.soldOut)
        .else(eb.ref('status'))
        .end(),
    }))
    .where('id', '=', productId)
    .where((eb) => eb(eb('units_sold', '+', quantity), '<=', eb.ref('units_offered')))
    .returning('id');
}

/** Step 7: each free first day is the order's day 1, paid. */
async function recordFreeFirstDays(trx: Kysely<Database>, accepted: Accepted[], orderIds: Map<number, number>): Promise<void> {
  const firsts = accepted.filter((p) => p.freeFirstDay > 0n);
  if (firsts.length === 0) return;
  await trx
    .insertInto('income_accruals')
    .values(
      firsts.map((p) => ({
        order_id: orderIds.get(p.index)!,
        user_id: p.input.userId,
        day: 1,
        amount: p.freeFirstDay,
        status: 'Paid',
        reason: null,
        due_ms: p.input.now.getTime() + DAY_MS,
        accrued_at: p.input.now.toISOString(),
        paid_run_id: null,
        source: 'bonus',
      })),
    )
    .execute();
}

