/**
 * Starts what a member's browser talks to: the API (fresh SQLite database in a temp folder), the
 * shell and the five remotes, each served from its own port like separate deployments.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, type ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import Database from 'better-sqlite3';
import { startApiProcess, stopProcess } from '../src/api-process';
import { writeRuntimeDocuments, type DistFolders } from '../src/runtime-documents';
import { startStaticProcess, startStaticServer } from '../src/static-server';
import { REMOTE_NAMES, ROOT, distOf, originOf, shareBaseUrl, topologyFromEnv, type RemoteName, type Topology } from '../src/topology';

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
  /** Read access to the API's database, as an operator would have. */
  db: Database.Database;
  /** Runs the operator CLI (`npm run admin -- ...`) against this stack's database; returns its output. */
  admin(...args: string[]): string;
  close(): Promise<void>;
}

/**
 * `apiEnv` adds settings for the API process (e.g. a shorter withdrawal hold for a test); `dists`
 * serves some apps from other build folders (e.g. an older release's), with remotes.json from them.
 */
export async function startStack(apiEnv: NodeJS.ProcessEnv = {}, { dists = {} }: { dists?: DistFolders } = {}): Promise<Stack> {
  const topology = topologyFromEnv({ SHELL_PORT: process.env.E2E_SHELL_PORT ?? '3200', API_PORT: process.env.E2E_API_PORT ?? '3290', HOST: 'localhost' });
  const shellOrigins = [originOf('localhost', topology.shellPort)];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-e2e-'));
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
      ...apiEnv,
    },
  });

  const remotes = new Map<RemoteName, FastifyInstance | ChildProcess>();
  const startRemote = async (name: RemoteName, root = distOf(name), { ownProcess = false } = {}) => {
    const options = { root, port: topology.remotePorts[name], allowedOrigins: shellOrigins };
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
  const shell = await startStaticServer({ root: dists.shell ?? distOf('shell'), port: topology.shellPort, allowedOrigins: [] });
  const db = new Database(path.join(dataDir, 'rigshare.sqlite'));

  return {
    topology,
    shellUrl: `${shellOrigins[0]}/`,
    remoteOrigin: (name) => originOf('localhost', topology.remotePorts[name]),
    apiOrigin: originOf('localhost', topology.apiPort),
    db,
    admin: (...args) =>
      execFileSync(process.execPath, [require.resolve('tsx/cli'), 'src/cli/admin.ts', ...args], {
        cwd: path.join(ROOT, 'server'),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      }),
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
