import type { Kysely } from 'kysely';
import type { VersionedMigration } from './kit';

export const migration: VersionedMigration = {
  name: '0033_member_freeze',
  // Staff freeze a member (features/accounts/freeze.ts): the member can still log in and read, but buying,
  // withdrawing and posting answer 403 (plugins/auth.ts `refuseFrozen`) until staff unfreeze them. Who froze
  // them and why is in the audit log; the reason here is what the member is told.
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('frozen_at', 'varchar(32)').execute();
    await db.schema.alterTable('users').addColumn('frozen_reason', 'varchar(500)').execute();
  },
};
