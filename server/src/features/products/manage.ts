import { isValidAmount, parseAmount, PRODUCT_STATUS } from '@rigshare/domain';
import type { Kysely, Selectable } from 'kysely';
import { auditStaffAction, type Acting } from '../../audit';
import { recordCatalogueChange } from '../../events';
import { countedPage, type Paging } from '../../db/paging';
import { toMicro, type Database, type ProductsTable } from '../../db/schema';
import { OperatorError } from '../../operator-error';

/** The terms staff set on a product; once a unit is sold none of them changes (the product can only be closed). */
export interface ProductTerms {
  name: string;
  category: string;
  imageUrl: string;
  /** The card's badge: on sale, pre-sale (countdown to the start) or rush purchase (countdown to the end). */
  status: number;
  startTime: string;
  endTime: string;
  /** Decimal USDT per unit and day. */
  dayReturn: string;
  validDays: number;
  /** Decimal USDT per unit. */
  price: string;
  /** Units one member may hold; -1 for no limit. */
  maxBuy: number;
  unitsOffered: number;
  sort: number;
}

export interface StaffProduct extends ProductTerms {
  id: number;
  unitsSold: number;
  /** Terms are locked once a unit is sold. */
  locked: boolean;
  closedAt: string | null;
  createdAt: string;
}

const BADGES: readonly number[] = [PRODUCT_STATUS.onSale, PRODUCT_STATUS.preSale, PRODUCT_STATUS.rush];
const IMAGE = /^(\/api\/user\/static\/[A-Za-z0-9._-]{1,80}|https:\/\/[^\s"'<>]{1,480})$/;

export function staffProduct(row: Selectable<ProductsTable>): StaffProduct {
  return {
    id: row.id,
    name: row.name,
    category: row.category_name,
    imageUrl: row.image_url,
    status: row.status,
    startTime: row.start_time,
    endTime: row.end_time,
    dayReturn: String(toMicro(row.day_return_micro)),
    validDays: row.valid_days,
    price: String(toMicro(row.price_micro)),
    maxBuy: row.max_buy,
    unitsOffered: row.units_offered,
    sort: row.sort_order,
    unitsSold: row.units_sold,
    locked: row.units_sold > 0,
    closedAt: row.closed_at,
    createdAt: row.created_at,
  };
}

/** The columns for valid terms, or the first problem in words the console shows as they are. */
function columnsOf(terms: ProductTerms) {
  const name = terms.name.trim();
  const category = terms.category.trim();
  if (!name || name.length > 200) throw new OperatorError('Give the product a name (at most 200 characters)');
  if (!category || category.length > 100) throw new OperatorError('Give the product a category (at most 100 characters)');
  if (!IMAGE.test(terms.imageUrl)) throw new OperatorError('The image is a /api/user/static/ file or an https:// address');
  if (!BADGES.includes(terms.status)) throw new OperatorError('The badge is on sale (1), pre-sale (5) or rush purchase (6)');
  const start = Date.parse(terms.startTime);
  const end = Date.parse(terms.endTime);
  if (!Number.isFinite(start) || !Number.isFinite(end)) throw new OperatorError('Give the sale start and end as dates and times');
  if (end <= start) throw new OperatorError('The sale ends after it starts');
  if (!isValidAmount(terms.price) || parseAmount(terms.price) <= 0n) throw new OperatorError('The price is a positive amount with at most two decimals');
  if (!isValidAmount(terms.dayReturn) || parseAmount(terms.dayReturn) <= 0n) throw new OperatorError('The daily return is a positive amount with at most two decimals');
  if (!Number.isInteger(terms.validDays) || terms.validDays < 1 || terms.validDays > 3650) throw new OperatorError('Valid days are a whole number from 1 to 3650');
  if (!Number.isInteger(terms.unitsOffered) || terms.unitsOffered < 1 || terms.unitsOffered > 10_000_000) throw new OperatorError('Units offered are a whole number from 1 to 10,000,000');
  if (!Number.isInteger(terms.maxBuy) || terms.maxBuy === 0 || terms.maxBuy < -1 || terms.maxBuy > terms.unitsOffered)
    throw new OperatorError('The limit per member is -1 (none) or from 1 to the units offered');
  return {
    name,
    category_name: category,
    image_url: terms.imageUrl,
    status: terms.status,
    start_time: new Date(start).toISOString(),
    end_time: new Date(end).toISOString(),
    day_return_micro: parseAmount(terms.dayReturn).toString(),
    valid_days: terms.validDays,
    price_micro: parseAmount(terms.price).toString(),
    max_buy: terms.maxBuy,
    units_offered: terms.unitsOffered,
    sort_order: Number.isInteger(terms.sort) ? terms.sort : 0,
  };
}

const described = (p: Pick<StaffProduct, 'price' | 'dayReturn' | 'validDays' | 'unitsOffered' | 'maxBuy' | 'startTime' | 'endTime' | 'status'>) =>
  `price ${p.price} day ${p.dayReturn} × ${p.validDays} days, ${p.unitsOffered} units, max ${p.maxBuy}, badge ${p.status}, ${p.startTime} – ${p.endTime} (micro-units)`;

/** Every product, open and closed, in the members' order. */
export async function staffProducts(db: Kysely<Database>, paging: Paging) {
  const all = db.selectFrom('products');
  const { total, rows } = await countedPage(all, all.selectAll().orderBy('sort_order').orderBy('id'), paging);
  return { total, list: rows.map(staffProduct) };
}

/** Puts a new product on offer (in the list from its sale start); one audit row. */
export async function createProduct(db: Kysely<Database>, input: { terms: ProductTerms } & Acting): Promise<StaffProduct> {
  const columns = columnsOf(input.terms);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('products')
      .values({ ...columns, closed_at: null, created_at: input.at.toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    const product = staffProduct(row);
    await recordCatalogueChange(trx, input.at);
    await auditStaffAction(trx, input, { action: 'product.create', target: `product:${row.id}`, after: `${row.name}: ${described(product)}`, at: input.at });
    return product;
  });
}

/**
 * Changes the terms of a product nobody holds yet. The update is conditional on no unit being sold, so a
 * purchase that lands first locks the terms and the edit is refused rather than changing what was bought.
 */
export async function editProduct(db: Kysely<Database>, input: { id: number; terms: ProductTerms } & Acting): Promise<StaffProduct> {
  const columns = columnsOf(input.terms);
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('products').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!before) throw new OperatorError(`No product ${input.id}`);
    if (before.closed_at) throw new OperatorError(`Product ${input.id} is closed`);
    const row = await trx
      .updateTable('products')
      .set(columns)
      .where('id', '=', input.id)
      .where('units_sold', '=', 0)
      .where('closed_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new OperatorError(`Product ${input.id} has sold units: its terms are locked and it can only be closed`);
    await recordCatalogueChange(trx, input.at);
    await auditStaffAction(trx, input, {
      action: 'product.edit',
      target: `product:${row.id}`,
      before: `${before.name}: ${described(staffProduct(before))}`,
      after: `${row.name}: ${described(staffProduct(row))}`,
      at: input.at,
    });
    return staffProduct(row);
  });
}

/**
 * Closes a product: its sale ends now (so the purchase rule, the same in the app and on the server, refuses
 * it as ended) and it leaves the members' list. Orders already made run to their end. Refused when closed.
 */
export async function closeProduct(db: Kysely<Database>, input: { id: number; reason: string } & Acting): Promise<StaffProduct> {
  const reason = input.reason.trim();
  if (!reason || reason.length > 500) throw new OperatorError('Give a reason (at most 500 characters)');
  const now = input.at.toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('products').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!before) throw new OperatorError(`No product ${input.id}`);
    const endTime = Date.parse(before.end_time) > input.at.getTime() ? now : before.end_time;
    const row = await trx
      .updateTable('products')
      .set({ closed_at: now, end_time: endTime })
      .where('id', '=', input.id)
      .where('closed_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new OperatorError(`Product ${input.id} is already closed`);
    await recordCatalogueChange(trx, input.at);
    await auditStaffAction(trx, input, {
      action: 'product.close',
      target: `product:${row.id}`,
      before: `open, sale ends ${before.end_time}, ${before.units_sold}/${before.units_offered} sold`,
      after: `closed ${now}`,
      reason,
      at: input.at,
    });
    return staffProduct(row);
  });
}
