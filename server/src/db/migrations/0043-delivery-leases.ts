import type { Kysely } from 'kysely';
import type { VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0043_delivery_leases',
  // Texts and emails are delivered after the member's request has been answered (outbox/delivery.ts).
  // A row being delivered is leased to the process delivering it until lease_until; one still 'sending'
  // after its lease ran out was left by a process that stopped, and another takes it up.
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sms_outbox').addColumn('lease_until', 'varchar(32)').execute();
    await db.schema.alterTable('email_outbox').addColumn('lease_until', 'varchar(32)').execute();
    await db.schema.createIndex('sms_outbox_sending').on('sms_outbox').columns(['status', 'lease_until']).execute();
    await db.schema.createIndex('email_outbox_sending').on('email_outbox').columns(['status', 'lease_until']).execute();
  },
};
