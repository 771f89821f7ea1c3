import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type KyselyConfig,
  type QueryResult,
} from 'kysely';
import { Pool } from 'pg';
import { PreparingClient } from './prepared-statements';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL: the connection string, for a session of its own outside the pool (jobs/leadership.ts). */
  url?: string;
  /** PostgreSQL: the connection pool, for its gauges (metrics/db-pool.ts). */
  pool?: Pool;
}

/** How long a statement waits for another process's write lock before SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** PostgreSQL when a URL is given, otherwise a SQLite file (created with its folder). */
export function createDb(options: { databaseUrl: string | null; sqliteFile: string; poolSize?: number; log?: KyselyConfig['log'] }): Db {
  if (options.databaseUrl) {
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Statements the process sends again are parsed and planned once per connection (prepared-statements.ts).
      Client: PreparingClient,
      // A server that does not answer fails the request (503) instead of holding it forever.
      connectionTimeoutMillis: 10_000,
    });
    // When the server ends a connection (restart, failover, pg_terminate_backend, DROP DATABASE ..
    // WITH (FORCE) in the tests), its client emits 'error'. pg-pool listens only while the client is
    // idle (and then re-emits on the pool); a client checked out by a request had no listener, and the
    // unhandled 'error' event killed the process. Every client gets its own listener from the start:
    // the query in flight still fails (the request answers 503, see isDatabaseUnavailable), pg-pool
    // discards the broken client on release, and the next query opens a new connection.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    return { kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: options.log }), dialect: 'postgres', url: options.databaseUrl, pool };
  }
  fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const database = new SQLite(options.sqliteFile);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  return { kysely: new Kysely<Database>({ dialect: new ImmediateSqliteDialect(database), log: options.log }), dialect: 'sqlite' };
}

/** Messages of pg and pg-pool for a connection that is gone or cannot be opened (they carry no code). */
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Postgres connection has been discarded',
];
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * The database could not be reached or dropped the connection, so the request can be tried again:
 * PostgreSQL's connection exceptions (SQLSTATE class 08), shutdown and start-up (57P01..57P03), too
 * many connections (53300), and network errors. Answered with 503, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Not `instanceof Error`: errors from Node's own modules may come from another realm (jest's vm).
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') return true;
    if (NETWORK_CODES.has(code)) return true;
  }
  return typeof message === 'string' && LOST_CONNECTION_MESSAGES.some((lost) => message.startsWith(lost));
}

/**
 * Kysely's SQLite dialect with two changes that the ledger relies on:
 *
 * - every transaction starts with `BEGIN IMMEDIATE`, so it holds SQLite's write lock from its first
 *   statement (no read-then-upgrade deadlock between processes). Kysely already serializes the single
 *   connection inside one process; between processes, a busy BEGIN is retried asynchronously so a
 *   second Kysely instance in the same Node process never blocks the event loop the first one needs;
 * - integers are read with better-sqlite3's safeIntegers, and any value beyond 2^53 stays a bigint
 *   instead of being rounded (money is BIGINT micro-units).
 */
class ImmediateSqliteDialect implements Dialect {
  constructor(private readonly database: SQLite.Database) {}
  createDriver(): Driver {
    return new ImmediateSqliteDriver(this.database);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class ImmediateSqliteDriver implements Driver {
  private readonly connection: SqliteConnection;
  constructor(private readonly database: SQLite.Database) {
    this.connection = new SqliteConnection(database);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS * 4;
    for (let attempt = 0; ; attempt++) {
      // Try without the blocking busy handler, then wait asynchronously and try again.
      this.database.pragma('busy_timeout = 0');
      try {
        this.database.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      } finally {
        this.database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
      }
      await sleep(Math.min(50, 2 + attempt * 2) * (0.5 + Math.random()));
    }
  }
  async commitTransaction(): Promise<void> {
    this.database.exec('COMMIT');
  }
  async rollbackTransaction(): Promise<void> {
    this.database.exec('ROLLBACK');
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    this.database.close();
  }
}

function unwrapBigints(row: Record<string, unknown>): Record<string, unknown> {
  for (const key in row) {
    const value = row[key];
    if (typeof value === 'bigint' && value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)) {
      row[key] = Number(value);
    }
  }
  return row;
}

class SqliteConnection implements DatabaseConnection {
  constructor(private readonly database: SQLite.Database) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const statement = this.database.prepare(sql);
    if (statement.reader) {
      statement.safeIntegers(true);
      const rows = statement.all(parameters as unknown[]) as Record<string, unknown>[];
      return { rows: rows.map(unwrapBigints) as R[] };
    }
    const { changes, lastInsertRowid } = statement.run(parameters as unknown[]);
    return {
      insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
      numAffectedRows: changes != null ? BigInt(changes) : undefined,
      rows: [],
    };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used with SQLite here');
  }
}
