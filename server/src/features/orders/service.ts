import { couponFit, PRODUCT_STATUS, saleState, type CouponTerms, type SaleState } from '@rigshare/domain';
import { sql, type Kysely, type OperationNodeSource } from 'kysely';
import type { Db, DialectName } from '../../db/connect';
import { toMicro, type Database } from '../../db/schema';
import type { Outcome } from '../../batch-queue';
import { AppError } from '../../errors';
import { DAY_MS } from '../../jobs/accrual';
import { lockSpenders } from '../../ledger/accounts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  lockAccounts,
  postNewOperations,
  PreconditionFailedError,
  type Leg,
  type NewOperation,
} from '../../ledger/ledger';
import { orderRowsById, type OrderRow } from './views';

// The read side lives in ./views; re-exported so the routes keep their import.
export { delayReasonText, listOrders, orderById, orderDays, orderTotals, toOrderView } from './views';

export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export interface CreateOrderInput {
  userId: number;
  productId: number;
  quantity: number;
  couponId: number | null;
  requestId: string;
  now: Date;
}

/** What one purchase of a batch came to: its order (new, or the one its requestId made before) or its refusal. */
export type PurchaseOutcome = Outcome<OrderRow>;

function requestHash(input: CreateOrderInput): string {
  return `product=${input.productId};quantity=${input.quantity};coupon=${input.couponId ?? ''}`;
}

/** The ledger keys of a purchase; the records screen finds the order from the operation key. */
export const purchaseOperationKey = (userId: number, requestId: string) => `order:${userId}:${requestId}`;
export const FIRST_ORDER_BONUS_KEY = (userId: number) => `bonus:first-order:${userId}`;

/** The platform accounts a purchase moves money with. */
const PLATFORM_KINDS = ['platform.rental_revenue', 'platform.rewards_expense'] as const;

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
 * (member, then rewards expense; tested in coupons.test.ts).
 */
async function buyInTransaction(
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
    name: product.name,
    image_url: product.image_url,
    days_paid: freeFirstDay > 0n ? 1 : 0,
    earned: freeFirstDay,
    days_delayed: 0,
  };
}

/** An order's last day's due time: its creation plus its valid days. */
const orderEnd = (input: CreateOrderInput, product: Product) => input.now.getTime() + product.valid_days * DAY_MS;

type Product = NonNullable<Awaited<ReturnType<typeof findProducts>>>[number];

interface Price {
  unitPrice: bigint;
  /** What the member pays: the units' price less the coupon. */
  amount: bigint;
  couponAmount: bigint;
  userCouponId: number | null;
}

interface Accepted {
  kind: 'accepted';
  /** The purchase's place in the batch. */
  index: number;
  input: CreateOrderInput;
  product: Product;
  price: Price;
  accounts: { available: number; pendingIncome: number };
  /** The free first day's income when this is the member's first order (and it earns something), else 0. */
  freeFirstDay: bigint;
}

type Decision =
  | Accepted
  | { kind: 'replayed'; orderId: number }
  /** The same requestId and content as an earlier purchase of this batch: that purchase's order. */
  | { kind: 'sameAs'; index: number }
  | { kind: 'refused'; error: AppError };

interface History {
  /** `user:requestId` -> the order it made, with the content it was made for. */
  orders: Map<string, { id: number; hash: string }>;
  /** Members with an order. */
  ordered: Set<number>;
  /** Members whose free first day was paid. */
  bonusPaid: Set<number>;
}

const requestOf = (input: Pick<CreateOrderInput, 'userId' | 'requestId'>) => `${input.userId}:${input.requestId}`;
const holding = (userId: number, productId: number) => `${userId}:${productId}`;

/** What the purchases decided so far in this batch have changed, so each later one is decided as if they had committed. */
class BatchState {
  readonly available: Map<number, bigint>;
  /** Units taken in this batch, by product. */
  readonly taken = new Map<number, number>();
  /** `user:requestId` -> the accepted purchase's index and content. */
  readonly requests = new Map<string, { index: number; hash: string }>();
  readonly usedCoupons = new Set<number>();

  constructor(
    readonly accounts: Map<number, { 'member.available': { id: number; balance: bigint }; 'member.pending_income': { id: number } }>,
    readonly history: History,
    /** Units held per member and product (maxBuy), this batch's included. */
    readonly held: Map<string, number>,
  ) {
    this.available = new Map([...accounts].map(([userId, a]) => [userId, a['member.available'].balance]));
  }

  accept(purchase: Accepted): void {
    const { input } = purchase;
    this.available.set(input.userId, this.available.get(input.userId)! - purchase.price.amount);
    this.taken.set(input.productId, (this.taken.get(input.productId) ?? 0) + input.quantity);
    const key = holding(input.userId, input.productId);
    this.held.set(key, (this.held.get(key) ?? 0) + input.quantity);
    this.requests.set(requestOf(input), { index: purchase.index, hash: requestHash(input) });
    if (purchase.price.userCouponId !== null) this.usedCoupons.add(purchase.price.userCouponId);
    this.history.ordered.add(input.userId);
    if (purchase.freeFirstDay > 0n) this.history.bonusPaid.add(input.userId);
  }
}

/** Reasons a product cannot be bought now, as the member reads them. */
const SALE_REFUSAL = { soldOut: 'productSoldOut', notStarted: 'productNotStarted', ended: 'productEnded' } as const satisfies Record<Exclude<SaleState, 'open'>, string>;

/** One purchase, decided against what the database said and what this batch accepted before it. */
function decide(input: CreateOrderInput, index: number, batch: BatchState, products: Map<number, Product>, coupons: Map<string, CouponRow>): Decision {
  const refused = (status: number, key: ConstructorParameters<typeof AppError>[1]): Decision => ({ kind: 'refused', error: new AppError(status, key) });
  // A known requestId: the order it made, or refused when it was for something else.
  const hash = requestHash(input);
  const earlier = batch.requests.get(requestOf(input));
  if (earlier) return earlier.hash === hash ? { kind: 'sameAs', index: earlier.index } : refused(409, 'requestReused');
  const made = batch.history.orders.get(requestOf(input));
  if (made) return made.hash === hash ? { kind: 'replayed', orderId: made.id } : refused(409, 'requestReused');

  // The product: the purchase panel runs the same rule (libs/domain): the window is [start, end).
  const product = products.get(input.productId);
  if (!product) return refused(404, 'productNotFound');
  const unitsLeft = product.units_offered - product.units_sold - (batch.taken.get(product.id) ?? 0);
  const sale = saleState({ status: product.status, startTime: product.start_time, endTime: product.end_time, unitsLeft }, input.now.getTime());
  if (sale !== 'open') return refused(409, SALE_REFUSAL[sale]);
  if (input.quantity > unitsLeft) return refused(409, 'notEnoughUnits');
  if (product.max_buy !== -1 && (batch.held.get(holding(input.userId, product.id)) ?? 0) + input.quantity > product.max_buy) {
    return refused(409, 'purchaseLimit');
  }

  const price = priceOf(input, product, coupons.get(`${input.userId}:${input.couponId}`), batch.usedCoupons);
  if (!price) return refused(400, 'couponNotUsable');
  if (batch.available.get(input.userId)! < price.amount) return refused(400, 'insufficientBalance');

  const accounts = batch.accounts.get(input.userId)!;
  // A member's first order earns its day 1 at once (once per member, by key), from rewards expense.
  const firstOrder = !batch.history.ordered.has(input.userId) && !batch.history.bonusPaid.has(input.userId);
  const purchase: Accepted = {
    kind: 'accepted',
    index,
    input,
    product,
    price,
    accounts: { available: accounts['member.available'].id, pendingIncome: accounts['member.pending_income'].id },
    freeFirstDay: firstOrder ? toMicro(product.day_return_micro) * BigInt(input.quantity) : 0n,
  };
  batch.accept(purchase);
  return purchase;
}

/**
 * The price of the units, less the member's coupon when one is given; null when the coupon cannot be
 * used here (not the member's, used, inactive, or it does not fit the product, dates or spend).
 */
function priceOf(input: CreateOrderInput, product: Product, coupon: CouponRow | undefined, usedInBatch: Set<number>): Price | null {
  const unitPrice = toMicro(product.price_micro);
  const gross = unitPrice * BigInt(input.quantity);
  if (input.couponId === null) return { unitPrice, amount: gross, couponAmount: 0n, userCouponId: null };
  if (!coupon || coupon.used_at !== null || usedInBatch.has(coupon.userCouponId) || coupon.active !== 1) return null;
  const couponAmount = toMicro(coupon.amount);
  const terms: CouponTerms = {
    amount: couponAmount,
    minSpend: toMicro(coupon.min_spend),
    productId: coupon.product_id,
    startTime: coupon.start_time,
    endTime: coupon.end_time,
  };
  // The checkout runs the same rule (libs/domain): dates, product, minimum spend, never the whole total.
  if (couponFit(terms, input.productId, gross, input.now.getTime()) !== 'fits') return null;
  return { unitPrice, amount: gross - couponAmount, couponAmount, userCouponId: coupon.userCouponId };
}

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
 * revenue; a coupon's share comes from rewards expense, and so does a free first day (into the member's
 * pending income). The keys are new: no order has these requestIds (step 2, under the members' locks),
 * and only their orders' purchases post them. `memberAccounts`: the accounts locked at step 1. Returns
 * the new orders' ids by the purchases' places in the batch.
 */
async function recordAndPay(
  trx: Kysely<Database>,
  dialect: DialectName,
  accepted: Accepted[],
  platform: Record<(typeof PLATFORM_KINDS)[number], number>,
  memberAccounts: number[],
): Promise<Map<number, number>> {
  const rental = platform['platform.rental_revenue'];
  const rewards = platform['platform.rewards_expense'];
  const operations: NewOperation[] = [];
  for (const { input, price, accounts, freeFirstDay } of accepted) {
    const operationKey = purchaseOperationKey(input.userId, input.requestId);
    const legs: Leg[] = [{ key: `${operationKey}:pay`, debit: accounts.available, credit: rental, amount: price.amount, type: 'Buy Machine', description: 'buy_machine' }];
    if (price.couponAmount > 0n) {
      legs.push({ key: `${operationKey}:coupon`, debit: rewards, credit: rental, amount: price.couponAmount, type: 'Coupon', description: 'coupon' });
    }
    operations.push({ operationKey, legs, at: input.now });
    if (freeFirstDay > 0n) {
      const bonusKey = FIRST_ORDER_BONUS_KEY(input.userId);
      operations.push({
        operationKey: bonusKey,
        at: input.now,
        legs: [{ key: bonusKey, debit: rewards, credit: accounts.pendingIncome, amount: freeFirstDay, type: 'Bonus', description: 'free_first_day' }],
      });
    }
  }

  const units = new Map<number, number>();
  for (const { input } of accepted) units.set(input.productId, (units.get(input.productId) ?? 0) + input.quantity);
  const touchesRewards = operations.some((o) => o.legs.some((l) => l.debit === rewards));
  const held = [...memberAccounts];
  let onlyIf: OperationNodeSource | undefined;
  if (units.size === 1 && !touchesRewards) {
    const [[productId, quantity]] = [...units];
    onlyIf = takeUnits(trx, productId!, quantity!);
  } else {
    for (const productId of [...units.keys()].sort((a, b) => a - b)) {
      const taken = await takeUnits(trx, productId, units.get(productId)!).execute();
      if (taken.length !== 1) throw new PreconditionFailedError(`units of product ${productId}`);
    }
    if (touchesRewards) {
      await lockAccounts(trx, dialect, [rental, rewards]);
      held.push(rental, rewards);
    }
  }
  const { alongside: orders } = await postNewOperations(trx, dialect, { operations, held, onlyIf, alongside: insertOrders(trx, accepted) });
  const byRequest = new Map(orders.map((r) => [requestOf({ userId: r.user_id, requestId: r.request_id }), r.id]));
  return new Map(accepted.map((p) => [p.index, byRequest.get(requestOf(p.input))!]));
}

/**
 * The UPDATE that takes `quantity` units, guarded so it never oversells (it changes no row when too few
 * are left); the last unit marks the product sold out. A batch of one product without rewards legs runs
 * it inside its posting.
 */
function takeUnits(trx: Kysely<Database>, productId: number, quantity: number) {
  return trx
    .updateTable('products')
    .set((eb) => ({
      units_sold: eb('units_sold', '+', quantity),
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

/** The members' orders, in one statement (step 2). */
async function purchaseHistory(trx: Kysely<Database>, inputs: readonly CreateOrderInput[]): Promise<History> {
  const members = [...new Set(inputs.map((i) => i.userId))];
  const requestIds = [...new Set(inputs.map((i) => i.requestId))];
  // Three reads of one shape: the orders of these members with one of these requestIds (a superset of
  // the pairs, narrowed below), the members with any order, the free first days paid.
  const rows = await sql<{ kind: 'order' | 'ordered' | 'bonus'; user_id: number | null; order_id: number | null; request_id: string | null; request_hash: string | null }>`
    SELECT 'order' AS kind, user_id, id AS order_id, request_id, request_hash FROM orders
      WHERE user_id IN (${sql.join(members)}) AND request_id IN (${sql.join(requestIds)})
    UNION ALL
    SELECT 'ordered', u.id, NULL, NULL, NULL FROM users u
      WHERE u.id IN (${sql.join(members)}) AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)
    UNION ALL
    SELECT 'bonus', NULL, NULL, idempotency_key, NULL FROM ledger_transfers
      WHERE idempotency_key IN (${sql.join(members.map(FIRST_ORDER_BONUS_KEY))})`.execute(trx);
  const history: History = { orders: new Map(), ordered: new Set(), bonusPaid: new Set() };
  const bonusOwner = new Map(members.map((id) => [FIRST_ORDER_BONUS_KEY(id), id]));
  for (const row of rows.rows) {
    if (row.kind === 'order') history.orders.set(`${row.user_id}:${row.request_id}`, { id: Number(row.order_id), hash: row.request_hash! });
    else if (row.kind === 'ordered') history.ordered.add(Number(row.user_id));
    else history.bonusPaid.add(bonusOwner.get(row.request_id!)!);
  }
  return history;
}

/** What a purchase reads of its product, named so PostgreSQL keeps the statement prepared (db/prepared-statements.ts). */
function findProducts(trx: Kysely<Database>, productIds: number[]) {
  return trx
    .selectFrom('products')
    .select(['id', 'name', 'image_url', 'status', 'start_time', 'end_time', 'units_offered', 'units_sold', 'max_buy', 'price_micro', 'day_return_micro', 'valid_days'])
    .where('id', 'in', productIds)
    .execute();
}

async function productsOf(trx: Kysely<Database>, inputs: readonly CreateOrderInput[]): Promise<Map<number, Product>> {
  const rows = await findProducts(trx, [...new Set(inputs.map((i) => i.productId))]);
  return new Map(rows.map((p) => [p.id, p]));
}

/** The units each member holds of each product that has a maxBuy (none read when no product has one). */
async function unitsHeld(trx: Kysely<Database>, inputs: readonly CreateOrderInput[], products: Map<number, Product>): Promise<Map<string, number>> {
  const limited = inputs.filter((i) => (products.get(i.productId)?.max_buy ?? -1) !== -1);
  if (limited.length === 0) return new Map();
  const rows = await trx
    .selectFrom('orders')
    .select(['user_id', 'product_id', (eb) => eb.fn.sum<string | number | null>('quantity').as('n')])
    .where('user_id', 'in', [...new Set(limited.map((i) => i.userId))])
    .where('product_id', 'in', [...new Set(limited.map((i) => i.productId))])
    .groupBy(['user_id', 'product_id'])
    .execute();
  return new Map(rows.map((r) => [holding(r.user_id, r.product_id), Number(r.n ?? 0)]));
}

type CouponRow = NonNullable<Awaited<ReturnType<typeof findCoupons>>>[number];

function findCoupons(trx: Kysely<Database>, userIds: number[], couponIds: number[]) {
  return trx
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .select(['uc.id as userCouponId', 'uc.user_id', 'uc.coupon_id', 'uc.used_at', 'c.amount', 'c.min_spend', 'c.product_id', 'c.start_time', 'c.end_time', 'c.active'])
    .where('uc.user_id', 'in', userIds)
    .where('uc.coupon_id', 'in', couponIds)
    .execute();
}

/** The coupons the purchases name, by `user:coupon` (none read when no purchase names one). */
async function couponsOf(trx: Kysely<Database>, inputs: readonly CreateOrderInput[]): Promise<Map<string, CouponRow>> {
  const withCoupon = inputs.filter((i) => i.couponId !== null);
  if (withCoupon.length === 0) return new Map();
  const rows = await findCoupons(
    trx,
    [...new Set(withCoupon.map((i) => i.userId))],
    [...new Set(withCoupon.map((i) => i.couponId!))],
  );
  return new Map(rows.map((c) => [`${c.user_id}:${c.coupon_id}`, c]));
}
