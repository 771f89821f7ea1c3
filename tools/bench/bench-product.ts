/** The product the benchmarks' members rent: "Bench rig", on sale from some days before `now` until a year after. */
import type { Kysely } from 'kysely';
// The benchmarks work on the server's real schema, so they import it by path.
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { Database } from '../../server/src/db/schema';

const DAY_MS = 86_400_000;

export interface BenchProductTerms {
  /** How long before `now` the sale started. */
  onSaleDays: number;
  dayReturnMicro: string;
  validDays: number;
  priceMicro: string;
  unitsOffered: number;
  sortOrder: number;
}

/** Inserts the product with `terms`; returns its id. */
export async function insertBenchProduct(k: Kysely<Database>, now: Date, terms: BenchProductTerms): Promise<number> {
  const product = await k
    .insertInto('products')
    .values({
      name: 'Bench rig',
      category_name: 'SHA-256',
      image_url: '/api/user/static/product-s19.svg',
      status: 1,
      start_time: new Date(now.getTime() - terms.onSaleDays * DAY_MS).toISOString(),
      end_time: new Date(now.getTime() + 365 * DAY_MS).toISOString(),
      day_return_micro: terms.dayReturnMicro,
      valid_days: terms.validDays,
      price_micro: terms.priceMicro,
      max_buy: -1,
      units_offered: terms.unitsOffered,
      sort_order: terms.sortOrder,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return product.id;
}
