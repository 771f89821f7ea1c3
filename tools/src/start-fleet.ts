/**
 * `npm run start:fleet` (after the build): nginx in front of two API instances (the compiled server,
 * plain node) on PostgreSQL and Redis, everything on one origin; prints the URL. Ctrl+C or SIGTERM
 * stops it all. Settings: FLEET_PORT (8080), FLEET_API_PORTS (3111,3112), DATABASE_URL (default: the
 * database rigshare_fleet, created on postgres://postgres@127.0.0.1:5432), REDIS_URL (default: a
 * redis-server of its own on FLEET_REDIS_PORT, 6380), SEED (demo, or reference for no demo data),
 * JOBS_INTERVAL_MS and every other API setting (docs/api.md#environment). Each instance serves its
 * Prometheus metrics on 127.0.0.1 at its API port + 1000 (FLEET_METRICS_PORTS to choose).
 *
 * `npm run start:fleet -- --prometheus` also starts Debian's Prometheus (installed when missing) on
 * 127.0.0.1:9090, or the next free port (FLEET_PROMETHEUS_PORT to choose), scraping both instances
 * and evaluating ops/alerts.yml; its data lives in the run's folder and goes with it.
 */
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ALERT_RULES, ensureDatabase, staffTotpKeyFile, startFleet } from './fleet';
import { ROOT } from './topology';

/** Two ports from a setting like "3111,3112". */
function twoPorts(name: string, value: string): [number, number] {
  const ports = value.split(',').map(Number);
  if (ports.length !== 2 || ports.some((p) => !Number.isInteger(p) || p <= 0 || p > 65_535)) throw new Error(`${name}: two ports, e.g. 3111,3112`);
  return ports as [number, number];
}

/** Whether nothing listens on 127.0.0.1:port yet. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first free port from `from` on (a few tries: something else's Prometheus may hold 9090). */
async function firstFreePort(from: number): Promise<number> {
  for (let port = from; port < from + 20; port++) if (await portFree(port)) return port;
  throw new Error(`no free port in ${from}-${from + 19} for Prometheus: set FLEET_PROMETHEUS_PORT`);
}

async function main() {
  // Strict: a mistyped flag stops the start instead of being ignored.
  const { values: flags } = parseArgs({ options: { prometheus: { type: 'boolean', default: false } }, strict: true });
  const port = Number(process.env.FLEET_PORT || 8080);
  const apiPorts = twoPorts('FLEET_API_PORTS', process.env.FLEET_API_PORTS || '3111,3112');
  const metricsPorts = twoPorts('FLEET_METRICS_PORTS', process.env.FLEET_METRICS_PORTS || apiPorts.map((p) => p + 1000).join(','));
  const prometheusPort = flags.prometheus ? Number(process.env.FLEET_PROMETHEUS_PORT) || (await firstFreePort(9090)) : undefined;
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
    metricsPorts,
    prometheus: prometheusPort ? { port: prometheusPort } : undefined,
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
  console.log(`  metrics          ${metricsPorts.map((p) => `http://127.0.0.1:${p}/metrics`).join(', ')} (Prometheus format; not behind nginx)`);
  if (fleet.prometheusUrl) {
    console.log(`  Prometheus       ${fleet.prometheusUrl}/ (alerts: ${fleet.prometheusUrl}/alerts, rules ${path.relative(ROOT, ALERT_RULES)}; data in ${fleet.runDir}/prometheus)`);
    console.log(`  dashboard        import ops/grafana/rigshare.json into Grafana with this Prometheus as its data source (docs/operations.md)`);
  }
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
