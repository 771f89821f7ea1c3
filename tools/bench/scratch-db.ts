/**
 * The benchmarks' shared scaffolding: a scratch PostgreSQL database created next to DATABASE_URL, migrated
 * through the server's real migrations, handed to the benchmark, and dropped at the end (unless --keep),
 * plus the `--name N` / BENCH_NAME option reader.
 */
import { Client } from 'pg';
// The benchmarks time the server's real code, so they import it by path.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createDb, type Db } from '../../server/src/db/connect';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { migrateToLatest } from '../../server/src/db/migrations';

/** An integer of at least `min` (default 1) from `--name N` (or BENCH_NAME in the environment); `_` and `,` allowed as separators. */
export function option(name: string, fallback: number, min = 1): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`--${name} must be an integer of at least ${min}, got ${raw}`);
  return value;
}

/** DATABASE_URL (or `fallback`), refused unless it names a PostgreSQL server. */
export function postgresServerUrl(fallback?: string): string {
  const serverUrl = process.env.DATABASE_URL || fallback;
  if (!serverUrl || !/^postgres(ql)?:\/\//.test(serverUrl)) throw new Error('Set DATABASE_URL to a PostgreSQL server (postgres://...)');
  return serverUrl;
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Creates an empty database `name` on the server of `serverUrl`; returns its URL. */
export async function createScratchDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops database `name`, closing whatever connections are still open on it. */
export async function dropScratchDatabase(serverUrl: string, name: string): Promise<void> {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export interface ScratchOptions {
  /** Database name prefix; the process id is appended. */
  prefix: string;
  /** Used when DATABASE_URL is unset (otherwise DATABASE_URL is required). */
  fallbackUrl?: string;
  /** With --verbose, log queries slower than 20 ms, their SQL cut to this many characters. */
  verboseSqlChars?: number;
  poolSize?: number;
}

/**
 * Creates and migrates a scratch database, runs `body` on it, then closes the pool and drops the database
 * (kept, and named, with --keep). Returns what `body` returns.
 */
export async function withScratchDb<T>(options: ScratchOptions, body: (db: Db, scratch: string) => Promise<T>): Promise<T> {
  const serverUrl = postgresServerUrl(options.fallbackUrl);
  const scratch = `${options.prefix}_${process.pid}`;
  const url = await createScratchDatabase(serverUrl, scratch);
  const chars = options.verboseSqlChars;
  const db = createDb({
    databaseUrl: url,
    sqliteFile: '',
    poolSize: options.poolSize ?? 2,
    log:
      chars && process.argv.includes('--verbose')
        ? (e) => {
            if (e.queryDurationMillis > 20) console.log(`${e.queryDurationMillis.toFixed(0)} ms: ${e.query.sql.replace(/\s+/g, ' ').slice(0, chars)}`);
          }
        : undefined,
  });
  try {
    await migrateToLatest(db.kysely, db.dialect);
    return await body(db, scratch);
  } finally {
    await db.kysely.destroy();
    if (process.argv.includes('--keep')) console.log(`kept ${scratch}`);
    else await dropScratchDatabase(serverUrl, scratch);
  }
}
