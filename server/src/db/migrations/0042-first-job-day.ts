import type { Kysely } from 'kysely';
import type { VersionedMigration } from './kit';

/**
 * orders.first_job_day: the first day the accrual job pays, 2 for an order whose day 1 was the free
 * first-day income. The job then inserts an order's days without ON CONFLICT, whose check of every row
 * for an existing one was about a sixth of a run (docs/performance.md); should a day exist anyway, the run
 * falls back to its slower path, which skips existing days. Valid orders that have a free first day get 2
 * here; expired ones are never paid again.
 */
export const migration: VersionedMigration = {
  name: '0042_first_job_day',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('first_job_day', 'smallint', (c) => c.notNull().defaultTo(1)).execute();
    const k = db as Kysely<{ orders: { id: number; status: string; first_job_day: number }; income_accruals: { order_id: number; source: string } }>;
    await k
      .updateTable('orders')
      .set({ first_job_day: 2 })
      .where('status', '=', 'Valid')
      .where('id', 'in', (eb) => eb.selectFrom('income_accruals').select('order_id').where('source', '=', 'bonus'))
      .execute();
  },
};
