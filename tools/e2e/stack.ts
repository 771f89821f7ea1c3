/**
 * Starts what a member's browser talks to, served one of two ways (`Serving`):
 * - separate origins: the API (fresh SQLite database in a temp folder), the shell and the six remotes,
 *   each served from its own port like separate deployments (what `npm start` runs);
 * - the fleet (tools/src/fleet.ts): nginx on E2E_SHELL_PORT serving the shell, the remotes and the API on
 *   one origin, two compiled API instances (E2E_API_PORT and the next port) on a fresh PostgreSQL
 *   database (on the server of DATABASE_URL), and a Redis of their own (the port after).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, type ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import Database from 'better-sqlite3';
import { startApiProcess, stopProcess } from '../src/api-process';
import { deployedShellPolicy, REMOTE_PAGE_POLICY } from '../src/content-security-policy';
import { psql, staffTotpKey, startFleet, type Fleet } from '../src/fleet';
import { writeRuntimeDocuments, type DistFolders } from '../src/runtime-documents';
import { startStaticProcess, startStaticServer } from '../src/static-server';
import { REMOTE_NAMES, ROOT, distOf, originOf, serverBuild, shareBaseUrl, topologyFromEnv, type RemoteName, type Topology } from '../src/topology';
import { workerPorts } from './ports';

export interface Stack {
  topology: Topology;
  shellUrl: string;
  remoteOrigin(name: RemoteName): string;
  apiOrigin: string;
  /** Stops one remote's server (the remote is "down"); a remote in its own process is killed. */
  stopRemote(name: RemoteName): Promise<void>;
  /**
   * Serves a remote again, from its own dist or from another build folder (a redeploy);
   * `ownProcess` runs its server as a separate process, as a remote deployed on its own would be.
   */
  startRemote(name: RemoteName, root?: string, options?: { ownProcess?: boolean }): Promise<void>;
  /** Read access to the API's database, as an operator would have (SQLite, or PostgreSQL in the fleet). */
  db: SqlAccess;
  /** Runs the operator CLI (`npm run admin -- ...`) against this stack's database; returns its output. */
  admin(...args: string[]): string;
  /** The same with more environment for the command (a password the CLI reads from it, as in production). */
  adminWithEnv(env: NodeJS.ProcessEnv, ...args: string[]): string;
  close(): Promise<void>;
  /** Served by the fleet: the fleet (its API instances, nginx's folder). */
  fleet?: Fleet;
}

/** The part of better-sqlite3's API the tests use, so the same test reads SQLite or PostgreSQL. */
export interface SqlAccess {
  prepare(sql: string): { get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[]; run(...params: unknown[]): unknown };
}

/** Synchronous reads and writes on PostgreSQL through `psql` (the tests read the database between clicks). */
function postgresAccess(databaseUrl: string): SqlAccess {
  const literal = (value: unknown) =>
    value === null || value === undefined ? 'NULL' : typeof value === 'number' || typeof value === 'bigint' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  const bind = (sql: string, params: unknown[]) => {
    let next = 0;
    return sql.replace(/\?/g, () => literal(params[next++]));
  };
  const rows = (sql: string, params: unknown[]) => JSON.parse(psql(databaseUrl, `SELECT coalesce(json_agg(t), '[]') FROM (${bind(sql, params)}) t`)) as unknown[];
  return {
    prepare: (sql) => ({
      get: (...params) => rows(sql, params)[0],
      all: (...params) => rows(sql, params),
      run: (...params) => psql(databaseUrl, bind(sql, params)),
    }),
  };
}

/** How a stack serves the app (see the top of the file). */
export type Serving = 'fleet' | 'separate-origins';

/**
 * What a file's stack serves unless the file names one: the fleet with E2E_FLEET=1 (CI, which has
 * nginx and PostgreSQL), the separate origins otherwise.
 */
export const DEFAULT_SERVING: Serving = process.env.E2E_FLEET === '1' ? 'fleet' : 'separate-origins';

/**
 * Every way this run can serve the app, for a file that tests both (a remote that goes down is a stopped
 * server of its own on separate origins, a location nginx answers 503 for in the fleet).
 */
export const SERVINGS_OF_THIS_RUN: readonly Serving[] = DEFAULT_SERVING === 'fleet' ? ['fleet', 'separate-origins'] : ['separate-origins'];

/**
 * Where the walks through every screen (layout, console-layout, reach) run, in every run:
 * they check how the built files render and navigate, the same however those are served, so they run
 * once, and on the separate origins CI keeps a whole pass over every screen with each remote loaded from
 * an origin of its own.
 */
export const WALK_SERVING: Serving = 'separate-origins';

export interface StackOptions {
  /** Serves some apps from other build folders (e.g. an older release's), with remotes.json from them. */
  dists?: DistFolders;
  /** How the stack serves the app: `DEFAULT_SERVING` when not given. */
  serving?: Serving;
}

/** This worker's ports (ports.ts): files in other workers run their stacks at the same time. */
function workerTopology(): Topology {
  const { shellPort, apiPort } = workerPorts();
  return topologyFromEnv({ SHELL_PORT: String(shellPort), API_PORT: String(apiPort), HOST: 'localhost' });
}

/**
 * The stack serves its own copy of the shell's folder: the runtime documents (remotes.json,
 * config.json) written into it name this stack's ports, while stacks in other workers write theirs.
 */
function withOwnShellFolder(dists: DistFolders, dataDir: string): DistFolders {
  const shell = path.join(dataDir, 'shell');
  fs.cpSync(dists.shell ?? distOf('shell'), shell, { recursive: true });
  return { ...dists, shell };
}

/**
 * How long the API may serve reads with a session it looked up before (docs/api.md): shorter than the
 * default, so a test that changes a session in the database itself waits only this long.
 */
export const SESSION_CACHE_SECONDS = 1;

/** `apiEnv` adds settings for the API process (e.g. a shorter withdrawal hold for a test). */
export async function startStack(apiEnv: NodeJS.ProcessEnv = {}, { dists = {}, serving = DEFAULT_SERVING }: StackOptions = {}): Promise<Stack> {
  if (serving === 'fleet') return startFleetStack(apiEnv, dists);
  const topology = workerTopology();
  const shellOrigins = [originOf('localhost', topology.shellPort)];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-e2e-'));
  dists = withOwnShellFolder(dists, dataDir);
  writeRuntimeDocuments(topology, dists);

  const api: ChildProcess = await startApiProcess({
    port: topology.apiPort,
    corsOrigins: shellOrigins,
    stdio: process.env.E2E_API_LOG ? 'inherit' : 'ignore',
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SHARE_BASE_URL: shareBaseUrl(topology),
      LOG_LEVEL: 'warn',
      SESSION_CACHE_SECONDS: String(SESSION_CACHE_SECONDS),
      ...apiEnv,
    },
  });

  const remotes = new Map<RemoteName, FastifyInstance | ChildProcess>();
  const startRemote = async (name: RemoteName, root = distOf(name), { ownProcess = false } = {}) => {
    const options = { root, port: topology.remotePorts[name], allowedOrigins: shellOrigins, contentSecurityPolicy: REMOTE_PAGE_POLICY };
    remotes.set(name, ownProcess ? await startStaticProcess(options) : await startStaticServer(options));
  };
  const stopServer = async (server: FastifyInstance | ChildProcess) => {
    if ('kill' in server) {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
    } else await server.close();
  };
  for (const name of REMOTE_NAMES) await startRemote(name, dists[name]);
  const shellDist = dists.shell!;
  const shell = await startStaticServer({ root: shellDist, port: topology.shellPort, allowedOrigins: [], contentSecurityPolicy: deployedShellPolicy(shellDist) });
  const db = new Database(path.join(dataDir, 'rigshare.sqlite'));

  return {
    topology,
    shellUrl: `${shellOrigins[0]}/`,
    remoteOrigin: (name) => originOf('localhost', topology.remotePorts[name]),
    apiOrigin: originOf('localhost', topology.apiPort),
    db,
    ...operatorCli({ DATA_DIR: dataDir, DATABASE_URL: '' }),
    startRemote,
    async stopRemote(name) {
      const server = remotes.get(name);
      remotes.delete(name);
      if (server) await stopServer(server);
    },
    async close() {
      db.close();
      await Promise.all([...remotes.values(), shell].map(stopServer));
      await stopProcess(api);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `admin` and `adminWithEnv` of a stack: the operator CLI with the stack's database settings. */
function operatorCli(stackEnv: NodeJS.ProcessEnv): Pick<Stack, 'admin' | 'adminWithEnv'> {
  const adminWithEnv = (env: NodeJS.ProcessEnv, ...args: string[]) =>
    execFileSync(process.execPath, ['--enable-source-maps', serverBuild('admin'), ...args], {
      cwd: path.join(ROOT, 'server'),
      env: { ...process.env, ...stackEnv, ...env },
      encoding: 'utf8',
    });
  return { admin: (...args) => adminWithEnv({}, ...args), adminWithEnv };
}

/** The same stack as the fleet serves it: one origin (nginx), two API instances, PostgreSQL, Redis. */
async function startFleetStack(apiEnv: NodeJS.ProcessEnv, dists: DistFolders): Promise<Stack> {
  const topology = workerTopology();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-e2e-fleet-'));
  dists = withOwnShellFolder(dists, dataDir);
  const server = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  const dbName = `rigshare_e2e_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  server.pathname = '/postgres';
  psql(server.toString(), `CREATE DATABASE ${dbName}`);
  const database = new URL(server);
  database.pathname = `/${dbName}`;
  const databaseUrl = database.toString();
  const fleet = await startFleet({
    port: topology.shellPort,
    apiPorts: [topology.apiPort, topology.apiPort + 1],
    redisPort: topology.apiPort + 2,
    databaseUrl,
    dataDir,
    dists,
    stdio: process.env.E2E_API_LOG ? 'inherit' : 'ignore',
    apiEnv: { LOG_LEVEL: 'warn', SESSION_CACHE_SECONDS: String(SESSION_CACHE_SECONDS), ...apiEnv },
  });
  return {
    topology,
    shellUrl: `${fleet.url}/`,
    remoteOrigin: (name) => `${fleet.url}/remotes/${name}`,
    apiOrigin: fleet.url,
    fleet,
    db: postgresAccess(databaseUrl),
    ...operatorCli({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, STAFF_TOTP_KEY: staffTotpKey(dataDir) }),
    // Remotes are locations of the one nginx: a stop answers 503, a start (or redeploy) serves the folder.
    startRemote: (name, root = distOf(name)) => fleet.setRemote(name, root),
    stopRemote: (name) => fleet.setRemote(name, null),
    async close() {
      await fleet.close();
      psql(server.toString(), `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
