import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0014_sms_delivery',
  // Delivery through an SMS gateway (SMS_PROVIDER=http): each text's status ('outbox' when only kept
  // here, 'sent' when the gateway accepted it, 'failed' after the last retry), attempts, the gateway's
  // message id and its last error.
  async up(db: Kysely<unknown>, _kit: MigrationKit) {
    await db.schema.alterTable('sms_outbox').addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('outbox')).execute();
    await db.schema.alterTable('sms_outbox').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('sms_outbox').addColumn('provider_id', 'varchar(128)').execute();
    await db.schema.alterTable('sms_outbox').addColumn('error', 'varchar(300)').execute();
  },
};
