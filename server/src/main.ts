import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db/connect';
import { migrateToLatest } from './db/migrations';
import { DEMO_PASSWORD, DEMO_PHONE, ROOT_INVITE_CODE, seedIfEmpty } from './seed';
import { startChainWatcher } from './features/chain';
import { createLeadership } from './jobs/leadership';
import { stdoutDestination } from './log-stream';

async function main(): Promise<void> {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'rigshare.sqlite'), poolSize: config.dbPoolSize });
  await migrateToLatest(db.kysely, db.dialect);
  // Demo data (known-password member, demo balance, demo pool) only for the demo: SEED=reference, the
  // default with NODE_ENV=production, seeds products, banners and rates only.
  const seeded = await seedIfEmpty(db, new Date(), config.androidDownloadUrl, config.seed);

  // In a fleet on PostgreSQL one instance at a time runs the jobs and the chain watcher (an advisory
  // lock, jobs/leadership.ts); on SQLite this process always does. It logs only from the first tick on.
  const leadership = createLeadership(db, { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) });
  const app = await buildApp({ db, config, logger: { level: process.env.LOG_LEVEL || 'info', stream: stdoutDestination() }, leadership });
  // USDT (BEP20) deposits: off (with one log line why) without CHAIN_RPC_URL or DEPOSIT_XPUB.
  const chainWatcher = startChainWatcher(
    db,
    config.chain,
    () => new Date(),
    {
      info: (message) => app.log.info(message),
      warn: (message) => app.log.warn(message),
      error: (message) => app.log.error(message),
    },
    { shouldRun: () => leadership.isLeader() },
  );
  app.addHook('onClose', async () => chainWatcher.stop());
  // Gives the lead up at once (ending its session releases the lock), so another instance takes over.
  app.addHook('onClose', async () => leadership.stop());
  app.addHook('onClose', async () => db.kysely.destroy());
  // Graceful shutdown: stop accepting connections, let the requests in flight finish (up to
  // SHUTDOWN_TIMEOUT_MS; the texts and emails being delivered too), close the database, exit 0. A second
  // signal or the timeout exits 1 at once.
  let stopping = false;
  // A keep-alive connection whose request finishes during shutdown is closed with its response;
  // otherwise it stays open for the keep-alive timeout (72 s) and holds the exit that long.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info(`${signal}: finishing the requests in flight, then stopping`);
    setTimeout(() => {
      app.log.error(`requests or deliveries still running after ${config.shutdownTimeoutMs} ms; exiting anyway (a text or email left sending is taken up again once its lease lapses)`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });

  const url = `http://${config.host}:${config.port}`;
  const data = config.seed === 'demo' ? (seeded ? ', demo data seeded' : '') : seeded ? ', reference data seeded (no member)' : '';
  console.log(`Rigshare API listening on ${url} (database: ${db.dialect}${data})`);
  if (config.seed === 'demo') {
    console.log(`Demo login: ${DEMO_PHONE} / ${DEMO_PASSWORD}`);
    console.log(`Invite code for new members: ${ROOT_INVITE_CODE}`);
  } else if (seeded) {
    console.log('No member yet: create the first account with `admin member:create <phone> --invite-code <CODE>` (docs/production.md).');
  }
}

main().catch((error) => {
  // A refused configuration names every setting to fix, without a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
