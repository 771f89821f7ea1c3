import { PRODUCT_STATUS, type Page, type ProductCard } from '@rigshare/domain';

import type { Kysely, Selectable } from 'kysely';
import { countedPage, type Paging } from '../../db/paging';
import { toMicro, type Database, type ProductsTable } from '../../db/schema';

export const AGREEMENT_VERSION = '2025-1';

/** What a product card shows, named so PostgreSQL keeps the list's statement prepared (db/prepared-statements.ts). */
const CARD_COLUMNS = [
  'id',
  'image_url',
  'name',
  'category_name',
  'status',
  'start_time',
  'end_time',
  'day_return_micro',
  'valid_days',
  'price_micro',
  'max_buy',
  'units_offered',
  'units_sold',
] as const satisfies readonly (keyof ProductsTable)[];

export function toCard(row: Pick<Selectable<ProductsTable>, (typeof CARD_COLUMNS)[number]>, baseUrl: string): ProductCard {
  const dayReturn = toMicro(row.day_return_micro);
  const countdown =
    row.status === PRODUCT_STATUS.preSale ? row.start_time : row.status === PRODUCT_STATUS.rush ? row.end_time : null;
  return {
    id: row.id,
    productImg: row.image_url.startsWith('/') ? baseUrl + row.image_url : row.image_url,
    productName: row.name,
    categoryName: row.category_name,
    status: row.status,
    startTime: row.start_time,
    endTime: row.end_time,
    dayReturnAmount: dayReturn.toString(),
    validDays: row.valid_days,
    price: toMicro(row.price_micro).toString(),
    daotimes: countdown,
    walletotal: (dayReturn * BigInt(row.valid_days)).toString(),
    maxBuy: row.max_buy,
    unitsOffered: row.units_offered,
    unitsSold: row.units_sold,
    unitsLeft: Math.max(0, row.units_offered - row.units_sold),
    agreementVersion: AGREEMENT_VERSION,
  };
}

export async function listProducts(
  db: Kysely<Database>,
  paging: Paging,
  baseUrl: string,
): Promise<Page<ProductCard>> {
  // A closed product stays readable (orders link to it) but is no longer offered.
  const offered = db.selectFrom('products').where('closed_at', 'is', null);
  const { total, rows } = await countedPage(offered, offered.select(CARD_COLUMNS).orderBy('sort_order').orderBy('id'), paging);
  return { total, list: rows.map((r) => toCard(r, baseUrl)) };
}

export async function productDetail(db: Kysely<Database>, id: number, baseUrl: string): Promise<ProductCard | null> {
  const row = await db.selectFrom('products').select(CARD_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toCard(row, baseUrl) : null;
}
