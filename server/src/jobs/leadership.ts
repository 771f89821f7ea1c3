import { Client } from 'pg';
import type { Db } from '../db/connect';

export interface LeadershipLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Which instance of a fleet runs the background work (accrual, settlement, reward payouts, the chain
 * watcher). Asked at every tick: the answer may change between two ticks.
 */
export interface Leadership {
  /** True when this process runs the background work now; takes the lead when it is free. */
  isLeader(): Promise<boolean>;
  /** Gives the lead up (another instance takes it at its next tick) and closes the session. */
  stop(): Promise<void>;
}

/** The session-level advisory lock's key: two int4, 'RIGS' and 1 (background work). Per database. */
export const LEADERSHIP_LOCK: [number, number] = [0x52494753, 1];

/** SQLite: one process per data folder, so it always leads (the single-process behaviour). */
const ALWAYS: Leadership = { isLeader: async () => true, stop: async () => {} };

/**
 * PostgreSQL: leadership is a session-level advisory lock (pg_try_advisory_lock) held on a dedicated
 * connection outside the pool. The holder runs the work; every other instance tries again at each of
 * its ticks. When the holder dies, even with kill -9, its connection drops and PostgreSQL releases the
 * lock, so another instance leads from its next tick (within one interval). TCP keepalive lets the
 * server notice a holder whose machine vanished. The jobs stay idempotent and lock what they move
 * (ledger keys, FOR UPDATE), so a lead lost in the middle of a run cannot pay anything twice.
 * The session must be a real one: behind PgBouncer in transaction mode point DATABASE_URL straight at
 * PostgreSQL, or the lock stays behind on a pooled server connection.
 */
export function createLeadership(db: Db, log: LeadershipLog): Leadership {
  if (db.dialect !== 'postgres' || !db.url) return ALWAYS;
  const url = db.url;
  let client: Client | null = null;
  let leading = false;
  let waitingSaid = false;
  let stopped = false;
  let pending: Promise<boolean> | null = null;

  const drop = (reason: string) => {
    if (leading) log.warn(`background work: lead lost (${reason}); another instance takes over`);
    leading = false;
    waitingSaid = false;
    const lost = client;
    client = null;
    lost?.end().catch(() => {});
  };

  const check = async (): Promise<boolean> => {
    try {
      if (!client) {
        const session = new Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 10_000, application_name: 'rigshare-leadership' });
        session.on('error', (error) => client === session && drop(error.message));
        await session.connect();
        client = session;
      }
      if (leading) {
        // Still the same session, so still holding the lock.
        await client.query('SELECT 1');
        return true;
      }
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', LEADERSHIP_LOCK);
      if (rows[0]?.locked) {
        leading = true;
        log.info(`background work: this instance (pid ${process.pid}) leads: it runs the jobs and the chain watcher`);
      } else if (!waitingSaid) {
        waitingSaid = true;
        log.info(`background work: another instance leads; this one (pid ${process.pid}) tries again each interval`);
      }
      return leading;
    } catch (error) {
      drop(error instanceof Error ? error.message : String(error));
      return false;
    }
  };

  return {
    isLeader() {
      if (stopped) return Promise.resolve(false);
      // One check at a time: the jobs and the chain watcher ask on their own timers.
      pending ??= check().finally(() => (pending = null));
      return pending;
    },
    async stop() {
      stopped = true;
      await pending;
      leading = false;
      const session = client;
      client = null;
      // Ending the session releases the lock at once.
      await session?.end().catch(() => {});
    },
  };
}
