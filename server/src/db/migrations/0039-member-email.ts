import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0039_member_email',
  // A member may bind one email address (lower case, one member per address), proved by a code sent to
  // it: the code row keeps the address it went to. email_outbox is sms_outbox's twin: every email the
  // API sends, with its delivery status ('outbox' when only kept here, 'sent', 'failed').
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema.alterTable('users').addColumn('email', 'varchar(254)').execute();
    await db.schema.createIndex('users_email_idx').unique().on('users').column('email').execute();
    await db.schema.alterTable('verification_codes').addColumn('email', 'varchar(254)').execute();
    await db.schema
      .createTable('email_outbox')
      .addColumn('id', idType, autoId)
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
      .addColumn('subject', 'varchar(200)', (c) => c.notNull())
      .addColumn('body', 'varchar(2000)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('outbox'))
      .addColumn('provider_id', 'varchar(200)')
      .addColumn('error', 'varchar(300)')
      .execute();
  },
};
