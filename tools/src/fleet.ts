/**
 * The fleet: Debian's nginx in front of two API processes (the compiled server, plain `node`) on
 * PostgreSQL and Redis. nginx serves the built shell and remotes (hashed files cached for a year, the
 * page and the remotes' containers never) and proxies the API on the same origin, so the browser makes no CORS
 * preflights. When asked, Debian's Prometheus scrapes both instances' metrics ports with ops/alerts.yml.
 * Used by `npm run start:fleet` (start-fleet.ts), the browser tests (E2E_FLEET=1) and `npm run rehearsal`
 * (tools/rehearsal), which kills and restarts an instance, stops the fleet's Redis, reloads nginx and
 * restarts a PostgreSQL of its own (startOwnPostgres) while members use it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FEEDBACK_ATTACHMENT_LIMIT_BYTES, IMAGE_UPLOAD_LIMIT_BYTES, POST_MAX_IMAGES } from '@rigshare/domain';
import { stopProcess, waitForHttp } from './api-process';
import { deployedShellPolicy, REMOTE_PAGE_POLICY } from './content-security-policy';
import { SAME_ORIGIN, writeRuntimeDocuments, type DistFolders } from './runtime-documents';
import { REMOTE_NAMES, ROOT, distOf, originOf, serverBuild, type RemoteName, type Topology } from './topology';

export interface FleetOptions {
  /** nginx's port: the one URL members open. */
  port: number;
  /** The two API instances' ports (127.0.0.1 only; nginx is their only client). */
  apiPorts: [number, number];
  /** Host name in the printed URL and the API's CORS and invite settings. */
  host?: string;
  /** PostgreSQL database the instances share (it must exist). */
  databaseUrl: string;
  /** Redis for shared rate-limit counters; a redis-server of the fleet's own on `redisPort` when unset. */
  redisUrl?: string;
  redisPort?: number;
  /** Uploaded files' folder shared by both instances (or S3_* settings in `apiEnv`). */
  dataDir: string;
  /** More settings for the API instances (JOBS_INTERVAL_MS, SEED, ...). */
  apiEnv?: NodeJS.ProcessEnv;
  dists?: DistFolders;
  /** Where the instances' and nginx's output goes. */
  stdio?: 'inherit' | 'ignore';
  /** Each instance's Prometheus metrics port (METRICS_PORT, on 127.0.0.1 only); no metrics port when unset. */
  metricsPorts?: [number, number];
  /** Starts Prometheus on 127.0.0.1:port scraping `metricsPorts`, its data in the run's folder. */
  prometheus?: { port: number };
  /** nginx's error log level (default warn); info also names why nginx closed each client connection. */
  nginxErrorLog?: 'warn' | 'info';
  /** Requests a client connection may carry before nginx closes it (default nginx's 1 000). */
  keepaliveRequests?: number;
}

export interface Fleet {
  url: string;
  apis: ChildProcess[];
  /** nginx's own folder: the generated nginx.conf, logs, pid and temp files (and Prometheus's, when asked). */
  runDir: string;
  /** Prometheus's web page and API, when `prometheus` was asked for. */
  prometheusUrl?: string;
  /** Serves a remote from `root` (a redeploy), or answers 503 for it (null: the remote is down); nginx reloads. */
  setRemote(name: RemoteName, root: string | null): Promise<void>;
  /** Kills API instance `index` with `signal` (SIGKILL: a crash) and waits until it has gone; `apis[index]` is then dead. */
  killApi(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts API instance `index` again (after killApi) and waits for its /health; replaces `apis[index]`. */
  startApi(index: number): Promise<void>;
  /** Stops the fleet's own redis-server (never one given by `redisUrl`) and starts it again on the same port. */
  stopRedis(): Promise<void>;
  startRedis(): Promise<void>;
  /** Tells nginx to reread its configuration (SIGHUP): new workers, the old ones finish their requests. */
  reloadNginx(): void;
  close(): Promise<void>;
}

const TEMPLATE = path.join(ROOT, 'tools', 'fleet', 'nginx.conf.template');
const PROMETHEUS_TEMPLATE = path.join(ROOT, 'tools', 'fleet', 'prometheus.yml.template');
export const ALERT_RULES = path.join(ROOT, 'ops', 'alerts.yml');

/** A program of a Debian package; the package is installed with apt-get when missing (as root, like .ci/run installs Chromium). */
function ensureDebianProgram(pkg: string, candidates: string[]): string {
  const find = () => candidates.find((file) => fs.existsSync(file));
  const found = find();
  if (found) return found;
  console.log(`${pkg} is missing: installing Debian's package (apt-get install -y ${pkg})`);
  const apt = (...args: string[]) => execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  try {
    apt('install', '-y', pkg);
  } catch {
    apt('update');
    apt('install', '-y', pkg);
  }
  const installed = find();
  if (!installed) throw new Error(`${pkg} is not installed and apt-get could not install it: apt-get install -y ${pkg}`);
  return installed;
}

/** Debian's nginx. */
export function ensureNginx(): string {
  return ensureDebianProgram('nginx', ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']);
}

/** Debian's Prometheus (its package also brings promtool, beside it). */
export function ensurePrometheus(): string {
  return ensureDebianProgram('prometheus', ['/usr/bin/prometheus', '/usr/local/bin/prometheus']);
}

/** A template's text with each {{NAME}} replaced; an unknown name is an error, not an empty string. */
function fillTemplate(file: string, replacements: Record<string, string>): string {
  return fs.readFileSync(file, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_, key: string) => {
    if (!(key in replacements)) throw new Error(`${path.basename(file)}: unknown placeholder {{${key}}}`);
    return replacements[key];
  });
}

function mimeTypes(nginx: string): string {
  const candidates = ['/etc/nginx/mime.types', path.join(path.dirname(path.dirname(nginx)), 'conf', 'mime.types')];
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`no mime.types for nginx (looked at ${candidates.join(', ')})`);
  return found;
}

/** The largest request body the API takes, in MiB, with one to spare for the form's fields and framing. */
const MAX_BODY_MIB = Math.ceil(Math.max(FEEDBACK_ATTACHMENT_LIMIT_BYTES, POST_MAX_IMAGES * IMAGE_UPLOAD_LIMIT_BYTES) / 2 ** 20) + 1;

/** nginx.conf for this run, from the template: the remotes' locations follow `remotes` (a root, or null = down). */
export function nginxConfig(values: {
  runDir: string;
  mimeTypes: string;
  listen: string;
  apiPorts: number[];
  shellDist: string;
  errorLogLevel?: 'warn' | 'info';
  keepaliveRequests?: number;
  remotes: Record<RemoteName, string | null>;
}): string {
  const remotes = REMOTE_NAMES.map((name) => {
    const root = values.remotes[name];
    return root
      ? `    location /remotes/${name}/ {\n      alias ${root}/;\n      add_header Cache-Control $rigshare_cache_control;\n      add_header Content-Security-Policy "${REMOTE_PAGE_POLICY}" always;\n    }`
      : `    location /remotes/${name}/ {\n      return 503;\n    }`;
  }).join('\n');
  const replacements: Record<string, string> = {
    RUN_DIR: values.runDir,
    ERROR_LOG_LEVEL: values.errorLogLevel ?? 'warn',
    KEEPALIVE_REQUESTS: String(values.keepaliveRequests ?? 1000),
    // As root nginx would hand its workers to "nobody", who can read neither this run's folder nor the builds.
    USER: process.getuid?.() === 0 ? 'user root;' : '',
    MIME_TYPES: values.mimeTypes,
    LISTEN: values.listen,
    API_SERVERS: values.apiPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n'),
    SHELL_DIST: values.shellDist,
    // Written after runtime documents (remotes.json, config.json) of this fleet, which it follows.
    SHELL_CSP: deployedShellPolicy(values.shellDist),
    MAX_BODY_SIZE: `${MAX_BODY_MIB}m`,
    REMOTES: remotes,
  };
  return fillTemplate(TEMPLATE, replacements);
}

/** prometheus.yml for this run: scrapes each metrics port on 127.0.0.1, evaluates ops/alerts.yml. */
export function prometheusConfig(metricsPorts: number[]): string {
  return fillTemplate(PROMETHEUS_TEMPLATE, {
    ALERTS_FILE: JSON.stringify(ALERT_RULES),
    TARGETS: metricsPorts.map((port) => JSON.stringify(`127.0.0.1:${port}`)).join(', '),
  });
}

/**
 * Prometheus for this run: its configuration and data under `runDir`, listening on 127.0.0.1 only.
 * promtool (from the same package) checks the configuration and the alert rules first, so a broken
 * rule stops the start with promtool's message instead of a Prometheus that evaluates nothing.
 */
async function startPrometheus(runDir: string, port: number, metricsPorts: number[], stdio: 'inherit' | 'ignore'): Promise<ChildProcess> {
  const binary = ensurePrometheus();
  const configFile = path.join(runDir, 'prometheus.yml');
  fs.writeFileSync(configFile, prometheusConfig(metricsPorts));
  const promtool = path.join(path.dirname(binary), 'promtool');
  if (fs.existsSync(promtool)) execFileSync(promtool, ['check', 'config', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const prometheus = spawn(
    binary,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(runDir, 'prometheus')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      // Its info lines (every start step) would bury the instances' output; problems still show.
      '--log.level=warn',
    ],
    { stdio: ['ignore', stdio, stdio] },
  );
  await Promise.race([waitForHttp(`http://127.0.0.1:${port}/-/ready`, 30_000), exitedEarly(prometheus, 'prometheus')]);
  return prometheus;
}

/** The worker processes of an nginx master: its children, as Linux lists them (none known elsewhere). */
function workersOf(master: ChildProcess): number[] {
  const children = `/proc/${master.pid}/task/${master.pid}/children`;
  if (!fs.existsSync(children)) return [];
  return fs.readFileSync(children, 'utf8').split(' ').filter(Boolean).map(Number);
}

/** Waits until something accepts connections on the port. */
async function waitForPort(port: number, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on port ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function exitedEarly(child: ChildProcess, what: string): Promise<never> {
  return new Promise((_, reject) => child.once('exit', (code, signal) => reject(new Error(`${what} exited (${signal ?? code}) before it was ready`))));
}

/**
 * The key the instances seal staff TOTP secrets with (production requires one): STAFF_TOTP_KEY when
 * set, otherwise one made on the fleet's first start and kept in its data folder (readable by its owner
 * only), so staff enrolled on an earlier start still log in. Staff commands need the same key.
 */
export function staffTotpKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.STAFF_TOTP_KEY) return env.STAFF_TOTP_KEY;
  const file = staffTotpKeyFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export const staffTotpKeyFile = (dataDir: string): string => path.join(dataDir, 'staff-totp.key');

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const host = options.host ?? 'localhost';
  const url = originOf(host, options.port);
  const stdio = options.stdio ?? 'inherit';
  const nginxBinary = ensureNginx();
  const serverMain = serverBuild('main');
  const dists = options.dists ?? {};
  const shellDist = dists.shell ?? distOf('shell');
  // The shell finds the remotes and the API as paths on its own origin.
  const topology: Topology = { host, shellPort: options.port, apiPort: options.port, remotePorts: Object.fromEntries(REMOTE_NAMES.map((name) => [name, options.port])) as Record<RemoteName, number> };
  writeRuntimeDocuments(topology, dists, SAME_ORIGIN);

  const started: ChildProcess[] = [];
  const stopAll = async () => {
    await Promise.all(started.map((child) => stopProcess(child)));
  };
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-fleet-'));
  try {
    let redisUrl = options.redisUrl;
    const redisPort = options.redisPort ?? 6380;
    let redis: ChildProcess | null = null;
    const startRedis = async () => {
      const server = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      started.push(server);
      redis = server;
      await Promise.race([waitForPort(redisPort, 15_000, 'redis-server'), exitedEarly(server, 'redis-server')]);
    };
    if (!redisUrl) {
      await startRedis();
      redisUrl = `redis://127.0.0.1:${redisPort}`;
    }

    const apis: ChildProcess[] = [];
    const totpKey = staffTotpKey(options.dataDir, { ...process.env, ...options.apiEnv });
    const startApi = async (index: number) => {
      const port = options.apiPorts[index]!;
      const metricsPort = options.metricsPorts?.[index];
      const api = spawn(process.execPath, [serverMain], {
        cwd: path.join(ROOT, 'server'),
        env: {
          ...process.env,
          NODE_ENV: 'production',
          SEED: 'demo',
          // The fleet is a rehearsal on one machine: no SMS gateway, texts kept in sms_outbox on purpose.
          SMS_PROVIDER: 'outbox',
          ...options.apiEnv,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: options.databaseUrl,
          REDIS_URL: redisUrl,
          DATA_DIR: options.dataDir,
          // Only nginx, on this machine, may say who the member is (X-Forwarded-For).
          TRUST_PROXY: '127.0.0.1',
          CORS_ORIGINS: url,
          PUBLIC_URL: url,
          SHARE_BASE_URL: `${url}/#/login/registerbym?code=`,
          STAFF_TOTP_KEY: totpKey,
          // Metrics on a port of their own, never the public one; only this machine (Prometheus) reads it.
          ...(metricsPort ? { METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' } : {}),
        },
        stdio: ['ignore', stdio, stdio],
      });
      started.push(api);
      apis[index] = api;
      await Promise.race([waitForHttp(`http://127.0.0.1:${port}/health`, 120_000), exitedEarly(api, `API instance on port ${port}`)]);
    };
    // At once, as a deployment starts them: on an empty database one migrates and seeds while the others
    // wait for its locks, then find it ready (server/src/seed/index.ts).
    await Promise.all([...options.apiPorts.keys()].map(startApi));

    fs.mkdirSync(path.join(runDir, 'temp'), { recursive: true });
    const remotes = Object.fromEntries(REMOTE_NAMES.map((name) => [name, dists[name] ?? distOf(name)])) as Record<RemoteName, string | null>;
    const confFile = path.join(runDir, 'nginx.conf');
    const writeConfig = () =>
      fs.writeFileSync(
        confFile,
        nginxConfig({ runDir, mimeTypes: mimeTypes(nginxBinary), listen: `${options.port}`, apiPorts: options.apiPorts, shellDist, remotes, errorLogLevel: options.nginxErrorLog, keepaliveRequests: options.keepaliveRequests }),
      );
    writeConfig();
    // -e: the error log before the configuration is read (the default, /var/log/nginx, needs root).
    const nginx = spawn(nginxBinary, ['-p', runDir, '-c', confFile, '-e', path.join(runDir, 'error.log')], { stdio: ['ignore', stdio, stdio] });
    started.push(nginx);
    await Promise.race([waitForHttp(`http://127.0.0.1:${options.port}/ready`, 30_000), exitedEarly(nginx, 'nginx')]).catch((error) => {
      const log = path.join(runDir, 'error.log');
      throw new Error(`${(error as Error).message}\n${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''}`);
    });

    let prometheusUrl: string | undefined;
    if (options.prometheus) {
      if (!options.metricsPorts) throw new Error('prometheus: the fleet needs metricsPorts to scrape');
      const prometheus = await startPrometheus(runDir, options.prometheus.port, options.metricsPorts, stdio);
      started.push(prometheus);
      prometheusUrl = `http://127.0.0.1:${options.prometheus.port}`;
    }

    return {
      url,
      apis,
      runDir,
      prometheusUrl,
      async killApi(index, signal = 'SIGKILL') {
        const api = apis[index]!;
        if (api.exitCode !== null || api.signalCode !== null) return;
        await new Promise<void>((resolve) => {
          api.once('exit', () => resolve());
          api.kill(signal);
        });
      },
      startApi,
      async stopRedis() {
        if (options.redisUrl) throw new Error('stopRedis: the fleet was given REDIS_URL, not a redis-server of its own');
        if (redis) await stopProcess(redis);
      },
      startRedis,
      reloadNginx() {
        nginx.kill('SIGHUP');
      },
      async setRemote(name, root) {
        remotes[name] = root;
        writeConfig();
        const oldWorkers = workersOf(nginx);
        // SIGHUP: nginx rereads the configuration; new workers serve it, the old ones finish their requests.
        nginx.kill('SIGHUP');
        const manifest = `http://127.0.0.1:${options.port}/remotes/${name}/mf-manifest.json`;
        const expected = root ? fs.readFileSync(path.join(root, 'mf-manifest.json'), 'utf8') : null;
        // The old workers close what is left 5 s after the reload (worker_shutdown_timeout in the template).
        const deadline = Date.now() + 15_000;
        for (;;) {
          const response = await fetch(manifest).catch(() => null);
          const body = response?.ok ? await response.text() : null;
          // Done when a new worker answers with the new location and the old ones have gone: until then a
          // browser's kept-alive connection can still reach an old worker, which serves the former one.
          const served = root ? body === expected : response?.status === 503;
          if (served && !workersOf(nginx).some((pid) => oldWorkers.includes(pid))) return;
          if (Date.now() > deadline) throw new Error(`nginx did not pick up the new location of ${name} within 15 s`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      async close() {
        // nginx first (no new requests), then the instances finish theirs (SIGTERM), then Redis and Prometheus.
        await stopProcess(nginx);
        await Promise.all(apis.map((api) => stopProcess(api)));
        await stopAll();
        fs.rmSync(runDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopAll();
    fs.rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
}

/** Runs `psql` against a database URL; returns its output (unaligned, tuples only). */
export function psql(databaseUrl: string, sql: string): string {
  return execFileSync('psql', [databaseUrl, '-X', '-v', 'ON_ERROR_STOP=1', '-At', '-c', sql], { encoding: 'utf8' });
}

/** Creates the database named in the URL on its server when it does not exist yet. */
export function ensureDatabase(databaseUrl: string): void {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`database name "${name}": letters, digits and _ only`);
  const server = new URL(databaseUrl);
  server.pathname = '/postgres';
  if (psql(server.toString(), `SELECT 1 FROM pg_database WHERE datname = '${name}'`).trim() !== '1') psql(server.toString(), `CREATE DATABASE ${name}`);
}

/** A PostgreSQL cluster of the caller's own (initdb in a temp folder, its own port, trust auth), to restart freely. */
export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  serverUrl: string;
  dir: string;
  /** pg_ctl restart -m fast: every connection is cut, the server is back when it returns. */
  restart(): void;
  /** Stops the cluster and removes its folder. */
  stop(): void;
}

/** The newest PostgreSQL's programs (initdb, pg_ctl) of Debian's packages. */
function postgresBinDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))) : [];
  if (versions.length === 0) throw new Error(`no initdb under ${base}/*/bin: apt-get install postgresql`);
  return path.join(base, versions.sort((a, b) => Number(a) - Number(b)).at(-1)!, 'bin');
}

/**
 * Starts a PostgreSQL cluster of its own on 127.0.0.1:port (never the system's, which other things use), its
 * data, socket and log in a temp folder. initdb refuses root, so as root it runs as the `postgres` user.
 */
export function startOwnPostgres(port: number): OwnPostgres {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-postgres-'));
  let user: { uid: number; gid: number } | undefined;
  if (process.getuid?.() === 0) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim()));
    user = { uid: uid!, gid: gid! };
    fs.chownSync(dir, uid!, gid!);
  }
  const data = path.join(dir, 'data');
  const run = (program: string, args: string[]) => execFileSync(path.join(bin, program), args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], ...user });
  const pgCtl = (...args: string[]) =>
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'postgres.log'), '-w', '-t', '60', '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir}`, ...args]);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  pgCtl('start');
  return {
    serverUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    restart: () => pgCtl('restart', '-m', 'fast'),
    stop() {
      try {
        pgCtl('stop', '-m', 'fast');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
