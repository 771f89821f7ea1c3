import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/connect';

/**
 * The database connections at scrape time: PostgreSQL's pool (total, idle, busy and the requests
 * waiting for one); SQLite has one connection that is never waited for in the pool's sense.
 */
export function poolGauges(registry: Registry, db: Db): void {
  const { pool } = db;
  new Gauge({
    name: 'rigshare_db_pool_connections',
    help: 'Database connections of this instance, by state (total, idle, busy)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const total = pool ? pool.totalCount : 1;
      const idle = pool ? pool.idleCount : 1;
      this.set({ state: 'total' }, total);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'busy' }, total - idle);
    },
  });
  new Gauge({
    name: 'rigshare_db_pool_waiting',
    help: 'Queries waiting for a free database connection (PostgreSQL; 0 on SQLite)',
    registers: [registry],
    collect() {
      this.set(pool ? pool.waitingCount : 0);
    },
  });
}
