import type { Kysely } from 'kysely';
import type { VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0040_email_attempts',
  // The SMTP sender now tries again when the mail server cannot be reached or refuses for the moment
  // (4xx); each email keeps how many tries it took, as sms_outbox does.
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('email_outbox').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
