import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/connect';
import { migrateToLatest } from './db/migrations';
import { DEMO_PASSWORD, DEMO_PHONE, ROOT_INVITE_CODE, seedIfEmpty } from './db/seed';
import { startChainWatcher } from './features/chain';

async function main(): Promise<void> {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'rigshare.sqlite') });
  await migrateToLatest(db.kysely, db.dialect);
  const seeded = await seedIfEmpty(db, new Date(), config.androidDownloadUrl);

  const app = await buildApp({ db, config, logger: { level: process.env.LOG_LEVEL || 'info' } });
  // USDT (BEP20) deposits: off (with one log line why) without CHAIN_RPC_URL or DEPOSIT_XPUB.
  const chainWatcher = startChainWatcher(db, config.chain, () => new Date(), {
    info: (message) => app.log.info(message),
    warn: (message) => app.log.warn(message),
    error: (message) => app.log.error(message),
  });
  app.addHook('onClose', async () => chainWatcher.stop());
  app.addHook('onClose', async () => db.kysely.destroy());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
  await app.listen({ port: config.port, host: config.host });

  const url = `http://${config.host}:${config.port}`;
  console.log(`Rigshare API listening on ${url} (database: ${db.dialect}${seeded ? ', demo data seeded' : ''})`);
  console.log(`Demo login: ${DEMO_PHONE} / ${DEMO_PASSWORD}`);
  console.log(`Invite code for new members: ${ROOT_INVITE_CODE}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
