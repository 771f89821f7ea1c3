import net from 'node:net';
import { Writable } from 'node:stream';
import { buildApp } from '../src/app';
import { DEFAULT_RATE_LIMITS, loadConfig, type Config } from '../src/config';
import { migrateToLatest } from '../src/db/migrations';
import { seedIfEmpty } from '../src/seed';
import type { TestContext, TestDatabase } from './helpers';

/** startApp with the server's log (pino JSON lines) captured, and config read from `env` first. */
export async function startAppWithLog(
  database: TestDatabase,
  env: NodeJS.ProcessEnv = {},
  overrides: Partial<Config> = {},
): Promise<{ ctx: TestContext; log: () => string; lines: () => { msg: string; [key: string]: unknown }[] }> {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const { db, drop, reopen } = await database.open({ migrated: true });
  await migrateToLatest(db.kysely, db.dialect);
  await seedIfEmpty(db, new Date());
  const config: Config = { ...loadConfig(env), rateLimits: DEFAULT_RATE_LIMITS, jobsIntervalMs: 0, ...overrides };
  const app = await buildApp({ db, config, logger: { level: 'info', stream } });
  await app.ready();
  const ctx: TestContext = {
    app,
    db,
    config,
    clock: () => new Date(),
    reopen,
    advance: () => {},
    close: async () => {
      await app.close();
      await db.kysely.destroy();
      await drop();
    },
  };
  return {
    ctx,
    log: () => text,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

/** A local TCP port nothing listens on. */
export async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = (probe.address() as net.AddressInfo);
      probe.close(() => resolve(port));
    });
  });
}
