/** Where each app is served in development, the tests and the demo. One place for the ports. */
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

export const REMOTE_NAMES = ['products', 'wallet', 'team', 'community', 'messages', 'console'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
/** Remotes for staff only: registered by the shell after a staff login, never downloaded by members. */
export const STAFF_REMOTES: readonly RemoteName[] = ['console'];

export interface Topology {
  host: string;
  shellPort: number;
  apiPort: number;
  remotePorts: Record<RemoteName, number>;
}

/** Ports from the environment (SHELL_PORT, API_PORT, REMOTE_PORT_BASE) or the defaults 3000/3100/3001+; the remotes never take the API's port. */
export function topologyFromEnv(env: NodeJS.ProcessEnv = process.env): Topology {
  const shellPort = Number(env.SHELL_PORT ?? 3000);
  const apiPort = Number(env.API_PORT ?? 3100);
  // The remotes follow the shell, unless that run of ports would take the API's (e.g. shell 4600, API 4601).
  const afterShell = shellPort + 1;
  const clashes = apiPort >= afterShell && apiPort < afterShell + REMOTE_NAMES.length;
  const base = Number(env.REMOTE_PORT_BASE ?? (clashes ? apiPort + 1 : afterShell));
  return {
    host: env.HOST ?? 'localhost',
    shellPort,
    apiPort,
    remotePorts: Object.fromEntries(REMOTE_NAMES.map((name, i) => [name, base + i])) as Record<RemoteName, number>,
  };
}

export const originOf = (host: string, port: number) => `http://${host}:${port}`;

export function shellOrigin(t: Topology): string {
  return originOf(t.host, t.shellPort);
}

/** Where an invite link points: the shell's registration screen on this topology (SHARE_BASE_URL). */
export function shareBaseUrl(t: Topology): string {
  return `${shellOrigin(t)}/#/login/registerbym?code=`;
}

export function distOf(app: 'shell' | RemoteName): string {
  return app === 'shell' ? path.join(ROOT, 'shell', 'dist') : path.join(ROOT, 'remotes', app, 'dist');
}

/**
 * A file of the server's build (`npm run build -w @rigshare/server`: `main` the API, `admin` the operator
 * CLI), run with plain node as in production. Every way of starting the app builds first; starting from
 * the compiled bundle takes a fraction of compiling the sources through tsx at every start.
 */
export function serverBuild(entry: 'main' | 'admin'): string {
  const file = path.join(ROOT, 'server', 'dist', `${entry}.js`);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the server first (npm run build -w @rigshare/server)`);
  return file;
}
