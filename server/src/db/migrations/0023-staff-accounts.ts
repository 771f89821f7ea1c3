import type { Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

/**
 * Staff accounts, apart from members (issue #12): a login, a password hash like members', a role, a
 * TOTP secret (encrypted at rest) that counts as enrolled once one code confirmed it, the last accepted
 * time step (a code is never accepted twice). Staff sessions store only the token's hash and slide:
 * each request moves last_seen_at, and a session idle longer than the limit is dead.
 * Withdrawal approvals: one row per staff member and withdrawal (four-eyes above the threshold).
 */
export const migration: VersionedMigration = {
  name: '0023_staff_accounts',
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    await db.schema
      .createTable('staff')
      .addColumn('id', idType, autoId)
      .addColumn('login', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('totp_secret', 'varchar(255)', (c) => c.notNull())
      .addColumn('totp_last_step', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enrolled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('staff_sessions')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').column('staff_id').execute();
    await db.schema
      .createTable('withdrawal_approvals')
      .addColumn('id', idType, autoId)
      .addColumn('withdrawal_id', 'integer', (c) => c.notNull().references('withdrawals.id'))
      .addColumn('staff_login', 'varchar(64)', (c) => c.notNull())
      .addColumn('tx_hash', 'varchar(66)')
      .addColumn('reference', 'varchar(100)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('withdrawal_approvals_once', ['withdrawal_id', 'staff_login'])
      .execute();
  },
};
