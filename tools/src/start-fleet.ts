/**
 * `npm run start:fleet` (after the build): nginx in front of two API instances (the compiled server,
 * plain node) on PostgreSQL and Redis, everything on one origin; prints the URL. Ctrl+C or SIGTERM
 * stops it all. Settings: FLEET_PORT (8080), FLEET_API_PORTS (3111,3112), DATABASE_URL (default: the
 * database rigshare_fleet, created on postgres://postgres@127.0.0.1:5432), REDIS_URL (default: a
 * redis-server of its own on FLEET_REDIS_PORT, 6380), SEED (demo, or reference for no demo data),
 * JOBS_INTERVAL_MS and every other API setting (docs/api.md#environment).
 */
import path from 'node:path';
import { ensureDatabase, staffTotpKeyFile, startFleet } from './fleet';
import { ROOT } from './topology';

async function main() {
  const port = Number(process.env.FLEET_PORT || 8080);
  const apiPorts = (process.env.FLEET_API_PORTS || '3111,3112').split(',').map(Number) as [number, number];
  if (apiPorts.length !== 2 || apiPorts.some((p) => !Number.isInteger(p))) throw new Error('FLEET_API_PORTS: two ports, e.g. 3111,3112');
  const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/rigshare_fleet';
  ensureDatabase(databaseUrl);
  const dataDir = process.env.DATA_DIR || path.join(ROOT, 'data', 'fleet');
  const fleet = await startFleet({
    port,
    apiPorts,
    host: process.env.HOST || 'localhost',
    databaseUrl,
    redisUrl: process.env.REDIS_URL || undefined,
    redisPort: Number(process.env.FLEET_REDIS_PORT || 6380),
    dataDir,
  });
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping the fleet: nginx, then the API instances (finishing their requests), then Redis.');
    await fleet.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());

  const seed = process.env.SEED || 'demo';
  console.log('');
  console.log(`Rigshare fleet is running. Open ${fleet.url}/ in your browser.`);
  console.log(`  nginx            ${fleet.url}/ (shell, /remotes/<name>/, /api/ -> both instances; config in ${fleet.runDir})`);
  console.log(`  API instances    ${apiPorts.map((p) => `http://127.0.0.1:${p}`).join(', ')} (node server/dist/main.js, NODE_ENV=production)`);
  console.log(`  database         PostgreSQL ${new URL(databaseUrl).pathname.slice(1)}; ${seed === 'demo' ? 'demo data on a new database (SEED=reference for none)' : 'reference data only'}`);
  console.log(`  background work  one instance leads (PostgreSQL advisory lock); the other takes over if it dies`);
  const keyFrom = process.env.STAFF_TOTP_KEY ? 'STAFF_TOTP_KEY' : `STAFF_TOTP_KEY=$(cat ${staffTotpKeyFile(dataDir)})`;
  const shownUrl = new URL(databaseUrl);
  if (shownUrl.password) shownUrl.password = 'xxx';
  console.log(`  staff accounts   DATABASE_URL=${shownUrl} ${keyFrom} STAFF_PASSWORD=… npm run admin -- staff:create <login> --role admin`);
  console.log('Press Ctrl+C to stop.');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
