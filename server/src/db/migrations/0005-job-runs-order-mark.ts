import type { Kysely } from 'kysely';
import type { VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0005_job_runs_order_mark',
  // The highest order id an accrual run saw: orders created after it are accrued from day 1 on
  // the next run, whatever time that run was told it is.
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('job_runs').addColumn('max_order_id', 'integer').execute();
  },
};
