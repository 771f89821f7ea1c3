import { sql, type Kysely } from 'kysely';
import type { MigrationKit, VersionedMigration } from './kit';

/**
 * PostgreSQL: rewards lose their two foreign keys to users (the member and the team member who earned it),
 * as ledger_transfers lost theirs to ledger_accounts in 0026 (docs/ledger.md, "Integrity without foreign
 * keys"). Each was a per-row trigger that looked up and locked the user row (FOR KEY SHARE): the team
 * rewards job inserts up to three rewards a purchase, and the two checks took it from 1.2x to 1.9x a
 * bare insert of its rewards and transfers at a million purchases. Rewards are written only from existing users (the job joins them, a member's own reward
 * names the member), members are never deleted, and the rewards' check (admin ledger:check) reports any
 * reward whose member or team member does not exist. SQLite keeps them: there they are cheap.
 */
export const migration: VersionedMigration = {
  name: '0056_rewards_without_user_keys',
  async up(db: Kysely<unknown>, { dialect }: MigrationKit) {
    if (dialect !== 'postgres') return;
    for (const key of ['rewards_user_id_fkey', 'rewards_from_user_id_fkey']) await sql`ALTER TABLE rewards DROP CONSTRAINT ${sql.id(key)}`.execute(db);
  },
};
