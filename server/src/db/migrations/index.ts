import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DialectName } from '../connect';
import type { Database } from '../schema';
import { migrationKit, type VersionedMigration } from './kit';
import { migration as m0001 } from './0001-accounts';
import { migration as m0002 } from './0002-system-and-products';
import { migration as m0003 } from './0003-localized-content';
import { migration as m0004 } from './0004-ledger-orders-income';
import { migration as m0005 } from './0005-job-runs-order-mark';
import { migration as m0006 } from './0006-wallet';
import { migration as m0007 } from './0007-chain-deposits';
import { migration as m0008 } from './0008-exchange';
import { migration as m0009 } from './0009-ledger-append-only';
import { migration as m0010 } from './0010-push-messages';
import { migration as m0011 } from './0011-reference-translations';
import { migration as m0012 } from './0012-community';
import { migration as m0013 } from './0013-audit-log';
import { migration as m0014 } from './0014-sms-delivery';
import { migration as m0015 } from './0015-rewards-budget';
import { migration as m0016 } from './0016-team-settings';
import { migration as m0017 } from './0017-sign-ins';
import { migration as m0018 } from './0018-news';
import { migration as m0019 } from './0019-feedback';
import { migration as m0020 } from './0020-reward-submissions';
import { migration as m0021 } from './0021-popup-views';
import { migration as m0022 } from './0022-staff-audit';
import { migration as m0023 } from './0023-staff-accounts';
import { migration as m0026 } from './0026-accrual-speed';
import { migration as m0027 } from './0027-solvency';
import { migration as m0033 } from './0033-member-freeze';
import { migration as m0034 } from './0034-product-close';
import { migration as m0035 } from './0035-catalogue-settings';
import { migration as m0036 } from './0036-account-guard-columns';
import { migration as m0037 } from './0037-masked-default-names';
import { migration as m0038 } from './0038-usdt-payout-hashes';
import { migration as m0039 } from './0039-member-email';
import { migration as m0040 } from './0040-email-attempts';
import { migration as m0041 } from './0041-income-payable';
import { migration as m0042 } from './0042-first-job-day';
import { migration as m0043 } from './0043-delivery-leases';
import { migration as m0044 } from './0044-guess-counters';
import { migration as m0045 } from './0045-file-access';
import { migration as m0046 } from './0046-sanitised-posts';
import { migration as m0047 } from './0047-units-sold-from-orders';
import { migration as m0048 } from './0048-funded-promotions';
import { migration as m0049 } from './0049-orders-by-product';
import { migration as m0050 } from './0050-phones-e164';
import { migration as m0051 } from './0051-home-videos';
import { migration as m0052 } from './0052-sold-back-orders';
import { migration as m0053 } from './0053-live-events';
import { migration as m0054 } from './0054-unread-counts';
import { migration as m0055 } from './0055-rewards-payable';
import { migration as m0056 } from './0056-rewards-without-user-keys';

/**
 * Every migration, in the order it runs (one file each; the same list runs on SQLite and PostgreSQL).
 * Add a new one at the end with the next number; never rename or edit a released one.
 */
export const MIGRATIONS: readonly VersionedMigration[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
  m0013,
  m0014,
  m0015,
  m0016,
  m0017,
  m0018,
  m0019,
  m0020,
  m0021,
  m0022,
  m0023,
  m0026,
  m0027,
  m0033,
  m0034,
  m0035,
  m0036,
  m0037,
  m0038,
  m0039,
  m0040,
  m0041,
  m0042,
  m0043,
  m0044,
  m0045,
  m0046,
  m0047,
  m0048,
  m0049,
  m0050,
  m0051,
  m0052,
  m0053,
  m0054,
  m0055,
  m0056,
];

function provider(dialect: DialectName): MigrationProvider {
  const kit = migrationKit(dialect);
  const names = new Set<string>();
  const record: Record<string, Migration> = {};
  for (const m of MIGRATIONS) {
    if (names.has(m.name)) throw new Error(`Migration ${m.name} is listed twice`);
    names.add(m.name);
    record[m.name] = { up: (db) => m.up(db, kit) };
  }
  return { getMigrations: async () => record };
}

async function run(db: Kysely<Database>, dialect: DialectName, target: string | null): Promise<void> {
  const migrator = new Migrator({ db, provider: provider(dialect) });
  const { error, results } = target === null ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  await run(db, dialect, null);
}

/** Runs the migrations up to and including `name` (tests compare the schema at a given migration). */
export async function migrateTo(db: Kysely<Database>, dialect: DialectName, name: string): Promise<void> {
  if (!MIGRATIONS.some((m) => m.name === name)) throw new Error(`No migration ${name}`);
  await run(db, dialect, name);
}
