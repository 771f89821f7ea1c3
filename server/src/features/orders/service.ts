import { couponFit, PRODUCT_STATUS, saleState, type CouponTerms, type SaleState } from '@rigshare/domain';
import type { Kysely, OperationNodeSource } from 'kysely';
import type { Db, DialectName } from '../../db/connect';
import { toMicro, type Database } from '../../db/schema';
import { AppError } from '../../errors';
import { lockSpenderAccounts } from '../../ledger/accounts';
import { IdempotencyConflictError, InsufficientFundsError, lockAccounts, postOperation, PreconditionFailedError, type Leg } from '../../ledger/ledger';
import { DAY_MS } from '../../jobs/accrual';

// The read side lives in ./views; re-exported so the routes keep their import.
export { delayReasonText, listOrders, orderById, orderDays, orderTotals } from './views';

export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export interface CreateOrderInput {
  userId: number;
  productId: number;
  quantity: number;
  couponId: number | null;
  requestId: string;
  now: Date;
}

function requestHash(input: CreateOrderInput): string {
  return `product=${input.productId};quantity=${input.quantity};coupon=${input.couponId ?? ''}`;
}

/** The ledger keys of a purchase; the records screen finds the order from the operation key. */
export const purchaseOperationKey = (userId: number, requestId: string) => `order:${userId}:${requestId}`;
export const FIRST_ORDER_BONUS_KEY = (userId: number) => `bonus:first-order:${userId}`;

/**
 * Buys `quantity` units in one transaction, step by step (each step below is one function):
 * 1. lock the member's accounts and read their balance (one statement with the platform accounts' ids);
 * 2. replay a known requestId (same content: the same order; other content: refused), and learn in the
 *    same query whether this is the member's first order;
 * 3. check the product, its sale window, units left and maxBuy;
 * 4. price it, with the coupon if one is given;
 * 5. check the balance read at step 1;
 * 6. record the order (and mark the coupon used);
 * 7. take the units with a guarded UPDATE (never oversells) and post the payment (and the coupon's
 *    share, paid by rewards expense) through the ledger; a plain purchase does both in one statement;
 * 8. a member's first order also gets its day-1 income at once from rewards expense ("free first-day
 *    income", once per member by key).
 * The checks run in the contract's order, so a purchase that fails several is refused for the first.
 *
 * Rows every purchase shares are taken last, at step 7, always the product's row before the platform
 * accounts, so they are held only from there to the commit and purchases by different members overlap
 * in everything before (docs/performance.md, "API throughput"). A plain purchase takes the product and
 * rental revenue in its posting statement (the units are the posting's `onlyIf`): held for one statement
 * and the commit. A purchase that also touches rewards expense (a coupon, a first order) takes the units
 * first, then locks both platform accounts at once in id order, so no purchase holds one and waits for
 * the other, and none holds a platform account while waiting for the product. The member's own accounts
 * are locked first, so one member's purchases still run one after another. Exchange redemptions take the
 * same order (member, then rewards expense), so no two of these can wait for each other in a cycle
 * (tested in coupons.test.ts).
 */
export async function createOrder(db: Db, input: CreateOrderInput): Promise<number> {
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const accounts = await lockMemberAccounts(trx, db.dialect, input);
      const history = await orderHistory(trx, input);
      if (history.replayed !== null) return history.replayed;
      const product = await saleableProduct(trx, input);
      const price = await priceOf(trx, input, product);
      if (accounts.available < price.amount) throw new AppError(400, 'insufficientBalance');
      const firstOrder = !history.hasOrders;
      const orderId = await recordOrder(trx, input, product, price);
      const held = [accounts.member.available, accounts.member.pendingIncome];
      const touchesRewards = price.couponAmount > 0n || firstOrder;
      if (touchesRewards) {
        await takeUnitsNow(trx, input);
        await lockAccounts(trx, db.dialect, [accounts.rental, accounts.rewards]);
        held.push(accounts.rental, accounts.rewards);
      }
      await postPayment(trx, db.dialect, input, accounts, price, held, touchesRewards ? undefined : takeUnits(trx, input));
      if (firstOrder) await payFirstDayIncome(trx, db.dialect, input, accounts, orderId, product);
      return orderId;
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new AppError(400, 'insufficientBalance');
    if (error instanceof IdempotencyConflictError) throw new AppError(409, 'requestReused');
    if (error instanceof PreconditionFailedError) throw new AppError(409, 'notEnoughUnits');
    throw error;
  }
}

interface PurchaseAccounts {
  member: { available: number; pendingIncome: number };
  /** The member's available balance, read under the lock. */
  available: bigint;
  rental: number;
  rewards: number;
}

type Product = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

interface Price {
  unitPrice: bigint;
  /** What the member pays: the units' price less the coupon. */
  amount: bigint;
  couponAmount: bigint;
  userCouponId: number | null;
}

/** Locks the member's two accounts and reads them; the platform accounts are only looked up here (locked at step 7). */
async function lockMemberAccounts(trx: Kysely<Database>, dialect: DialectName, input: CreateOrderInput): Promise<PurchaseAccounts> {
  const { member, platform } = await lockSpenderAccounts(trx, dialect, input.userId, ['platform.rental_revenue', 'platform.rewards_expense'], input.now);
  return {
    member: { available: member['member.available'].id, pendingIncome: member['member.pending_income'].id },
    available: member['member.available'].balance,
    rental: platform['platform.rental_revenue'],
    rewards: platform['platform.rewards_expense'],
  };
}

/**
 * What the member's orders say, in one query: the order this requestId already made (the same requestId
 * with other content is refused) and whether the member has any order (a first order earns day 1 at once).
 */
async function orderHistory(trx: Kysely<Database>, input: CreateOrderInput): Promise<{ replayed: number | null; hasOrders: boolean }> {
  const mine = () => trx.selectFrom('orders').where('user_id', '=', input.userId);
  const sameRequest = () => mine().where('request_id', '=', input.requestId);
  const row = await trx
    .selectNoFrom((eb) => [
      sameRequest().select('id').as('replayId'),
      sameRequest().select('request_hash').as('replayHash'),
      eb.exists(mine().select('id')).as('hasOrders'),
    ])
    .executeTakeFirstOrThrow();
  if (row.replayId !== null && row.replayHash !== requestHash(input)) throw new AppError(409, 'requestReused');
  // PostgreSQL answers EXISTS with a boolean, SQLite with 0 or 1.
  return { replayed: row.replayId, hasOrders: Boolean(row.hasOrders) };
}

/** What a purchase reads of its product, named so PostgreSQL keeps the statement prepared (db/prepared-statements.ts). */
function findProduct(trx: Kysely<Database>, productId: number) {
  return trx
    .selectFrom('products')
    .select(['id', 'status', 'start_time', 'end_time', 'units_offered', 'units_sold', 'max_buy', 'price_micro', 'day_return_micro', 'valid_days'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** The product, if it can be bought now in this quantity by this member (sale window, units, maxBuy). */
const SALE_REFUSAL = { soldOut: 'productSoldOut', notStarted: 'productNotStarted', ended: 'productEnded' } as const satisfies Record<Exclude<SaleState, 'open'>, string>;

async function saleableProduct(trx: Kysely<Database>, input: CreateOrderInput): Promise<Product> {
  const product = await findProduct(trx, input.productId);
  if (!product) throw new AppError(404, 'productNotFound');
  // The purchase panel runs the same rule (libs/domain): the window is [start, end).
  const unitsLeft = product.units_offered - product.units_sold;
  const sale = saleState({ status: product.status, startTime: product.start_time, endTime: product.end_time, unitsLeft }, input.now.getTime());
  if (sale !== 'open') throw new AppError(409, SALE_REFUSAL[sale]);
  if (input.quantity > product.units_offered - product.units_sold) throw new AppError(409, 'notEnoughUnits');
  if (product.max_buy !== -1) {
    const held = await trx
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<string | number | null>('quantity').as('n'))
      .where('user_id', '=', input.userId)
      .where('product_id', '=', input.productId)
      .executeTakeFirstOrThrow();
    if (Number(held.n ?? 0) + input.quantity > product.max_buy) throw new AppError(409, 'purchaseLimit');
  }
  return product;
}

/** The price of the units, less the member's coupon when one is given (refused if it cannot be used here). */
async function priceOf(trx: Kysely<Database>, input: CreateOrderInput, product: Product): Promise<Price> {
  const unitPrice = toMicro(product.price_micro);
  const gross = unitPrice * BigInt(input.quantity);
  if (input.couponId === null) return { unitPrice, amount: gross, couponAmount: 0n, userCouponId: null };
  const coupon = await trx
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .select(['uc.id as userCouponId', 'uc.used_at', 'c.amount', 'c.min_spend', 'c.product_id', 'c.start_time', 'c.end_time', 'c.active'])
    .where('uc.user_id', '=', input.userId)
    .where('uc.coupon_id', '=', input.couponId)
    .executeTakeFirst();
  const terms: CouponTerms | null = coupon
    ? { amount: toMicro(coupon.amount), minSpend: toMicro(coupon.min_spend), productId: coupon.product_id, startTime: coupon.start_time, endTime: coupon.end_time }
    : null;
  // The checkout runs the same rule (libs/domain): dates, product, minimum spend, never the whole total.
  const usable = coupon && terms && coupon.used_at === null && coupon.active === 1 && couponFit(terms, input.productId, gross, input.now.getTime()) === 'fits';
  if (!usable) throw new AppError(400, 'couponNotUsable');
  const couponAmount = toMicro(coupon.amount);
  return { unitPrice, amount: gross - couponAmount, couponAmount, userCouponId: coupon.userCouponId };
}

/** Takes the units now (a purchase that locks the platform accounts before posting); refused if they are gone. */
async function takeUnitsNow(trx: Kysely<Database>, input: CreateOrderInput): Promise<void> {
  if ((await takeUnits(trx, input).execute()).length !== 1) throw new AppError(409, 'notEnoughUnits');
}

/**
 * The UPDATE that takes the units, guarded so it never oversells (it changes no row when too few are
 * left); the last unit marks the product sold out. A plain purchase's posting runs it (postPayment).
 */
function takeUnits(trx: Kysely<Database>, input: CreateOrderInput) {
  return trx
    .updateTable('products')
    .set((eb) => ({
      units_sold: eb('units_sold', '+', input.quantity),
      status: eb
        .case()
        .when(eb('units_sold', '+', input.quantity), '=', eb.ref('units_offered'))
        .then(PRODUCT_STATUS.soldOut)
        .else(eb.ref('status'))
        .end(),
    }))
    .where('id', '=', input.productId)
    .where((eb) => eb(eb('units_sold', '+', input.quantity), '<=', eb.ref('units_offered')))
    .returning('id');
}

/** Inserts the order and marks the coupon used by it. */
async function recordOrder(trx: Kysely<Database>, input: CreateOrderInput, product: Product, price: Price): Promise<number> {
  const nowIso = input.now.toISOString();
  const createdMs = input.now.getTime();
  const order = await trx
    .insertInto('orders')
    .values({
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
      created_at: nowIso,
      created_ms: createdMs,
      ends_ms: createdMs + product.valid_days * DAY_MS,
      status: 'Valid',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (price.userCouponId !== null) {
    await trx.updateTable('user_coupons').set({ used_at: nowIso, order_id: order.id }).where('id', '=', price.userCouponId).execute();
  }
  return order.id;
}

/**
 * The member pays rental revenue; the coupon's share comes from rewards expense. `takingUnits`, when
 * given, takes the units in the same statement (refused with notEnoughUnits if they are gone). The keys
 * are new: no order has this requestId (step 2, under the member's lock), and only its order's purchase
 * posts them. `held`: the accounts this purchase has locked (the ledger takes rental revenue itself
 * otherwise). The member always pays something: prices are positive, a coupon never covers the total.
 */
async function postPayment(
  trx: Kysely<Database>,
  dialect: DialectName,
  input: CreateOrderInput,
  accounts: PurchaseAccounts,
  price: Price,
  held: number[],
  takingUnits: OperationNodeSource | undefined,
): Promise<void> {
  const operationKey = purchaseOperationKey(input.userId, input.requestId);
  const legs: Leg[] = [
    { key: `${operationKey}:pay`, debit: accounts.member.available, credit: accounts.rental, amount: price.amount, type: 'Buy Machine', description: 'buy_machine' },
  ];
  if (price.couponAmount > 0n) {
    legs.push({ key: `${operationKey}:coupon`, debit: accounts.rewards, credit: accounts.rental, amount: price.couponAmount, type: 'Coupon', description: 'coupon' });
  }
  await postOperation(trx, dialect, { operationKey, legs, at: input.now, keysAreNew: true, held, onlyIf: takingUnits });
}

/** A member's first order earns its day 1 at once (once per member, by key), from rewards expense. */
async function payFirstDayIncome(
  trx: Kysely<Database>,
  dialect: DialectName,
  input: CreateOrderInput,
  accounts: PurchaseAccounts,
  orderId: number,
  product: Product,
): Promise<void> {
  const dailyIncome = toMicro(product.day_return_micro) * BigInt(input.quantity);
  if (dailyIncome <= 0n) return;
  const bonusKey = FIRST_ORDER_BONUS_KEY(input.userId);
  const bonus = await trx.selectFrom('ledger_transfers').select('id').where('idempotency_key', '=', bonusKey).executeTakeFirst();
  if (bonus) return;
  await postOperation(trx, dialect, {
    operationKey: bonusKey,
    at: input.now,
    legs: [{ key: bonusKey, debit: accounts.rewards, credit: accounts.member.pendingIncome, amount: dailyIncome, type: 'Bonus', description: 'free_first_day' }],
  });
  await trx
    .insertInto('income_accruals')
    .values({
      order_id: orderId,
      user_id: input.userId,
      day: 1,
      amount: dailyIncome,
      status: 'Paid',
      reason: null,
      due_ms: input.now.getTime() + DAY_MS,
      accrued_at: input.now.toISOString(),
      paid_run_id: null,
      source: 'bonus',
    })
    .execute();
  // The job pays this order from day 2: it inserts its days without looking for existing ones.
  await trx.updateTable('orders').set({ first_job_day: 2 }).where('id', '=', orderId).execute();
}
