import type { Kysely } from 'kysely';
import type { VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0044_guess_counters',
  // Tries at guessing a secret, taken before the secret is checked (security/guess-limits.ts): one row a
  // key (a phone, an address, a staff login, a code, a member's fund password), written only by a
  // compare-and-set on `version`, so a burst of requests cannot all pass on one count; `in_flight` of
  // the `count` tries are still being checked. A verification
  // code's tries are counted there too, under the code's id: its own `attempts` column goes.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('guess_counters')
      .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('in_flight', 'integer', (c) => c.notNull())
      .addColumn('last_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('guess_counters_expires').on('guess_counters').column('expires_at').execute();
    await db.schema.alterTable('verification_codes').dropColumn('attempts').execute();
  },
};
