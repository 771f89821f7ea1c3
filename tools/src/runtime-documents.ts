/**
 * Writes the two documents the shell reads at start: remotes.json (where each remote's container
 * script is, which paths it owns and which of those it has screens for) and config.json (API hosts, operator
 * facts). This is the whole of a deployment's knowledge about the topology; the shell's build never
 * contains it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RemoteEntry, RuntimeConfig } from '@rigshare/contract';
import { SERVICE_HOSTS } from '@rigshare/domain';
import { REMOTE_NAMES, STAFF_REMOTES, distOf, originOf, type RemoteName, type Topology } from './topology';

/** Where each app's build is, when one is deployed from another folder (e.g. an older release). */
export type DistFolders = Partial<Record<'shell' | RemoteName, string>>;

/** Where the browser finds each remote's build and the API. */
export interface Placement {
  /** The folder a remote's build is served from, ending in '/'. */
  remote(name: RemoteName): string;
  /** Prefix of every API host URL: an origin, or '' for paths on the shell's own origin. */
  api: string;
}

/** Every app and the API on its own port (npm start, the browser tests). */
export const ownOrigins = (t: Topology): Placement => ({
  remote: (name) => `${originOf(t.host, t.remotePorts[name])}/`,
  api: originOf(t.host, t.apiPort),
});

/** One proxy serves everything (the fleet): paths on the page's own origin, so no CORS preflights. */
export const SAME_ORIGIN: Placement = { remote: (name) => `/remotes/${name}/`, api: '' };

const readJson = <T>(file: string): T | undefined => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : undefined);

/**
 * A remote as remotes.json lists it. `manifest` is for shells released before remotes were registered
 * by their container script (they read nothing else); the current shell reads `entry`.
 */
export type ListedRemote = RemoteEntry & { manifest: string };

/**
 * The container script's path in a build, as its manifest names it: `remoteEntry.js` in the current
 * builds, a hashed name in builds from before (an earlier release's remote deployed beside these).
 */
function entryFileOf(dist: string): string {
  const manifest = readJson<{ metaData?: { remoteEntry?: { path?: string; name?: string } } }>(path.join(dist, 'mf-manifest.json'));
  const remoteEntry = manifest?.metaData?.remoteEntry;
  if (!remoteEntry?.name) throw new Error(`${path.join(dist, 'mf-manifest.json')} names no remoteEntry: build the remote first`);
  return path.posix.join(remoteEntry.path ?? '', remoteEntry.name);
}

export function remotesDocument(t: Topology, dists: DistFolders = {}, placement: Placement = ownOrigins(t)): { remotes: ListedRemote[] } {
  return {
    remotes: REMOTE_NAMES.map((name) => {
      const dist = dists[name] ?? distOf(name);
      const paths = readJson<string[]>(path.join(dist, 'route-paths.json'));
      if (!paths) throw new Error(`${path.join(dist, 'route-paths.json')} is missing: build the ${name} remote first`);
      // The paths its route table serves and the contract version it states (a build from before
      // route-screens.json or contract.json existed: say nothing).
      const screens = readJson<string[]>(path.join(dist, 'route-screens.json'));
      const contract = readJson<{ version: number }>(path.join(dist, 'contract.json'));
      return {
        name,
        entry: `${placement.remote(name)}${entryFileOf(dist)}`,
        manifest: `${placement.remote(name)}mf-manifest.json`,
        paths,
        ...(screens ? { screens } : {}),
        ...(contract ? { contract: contract.version } : {}),
        ...(STAFF_REMOTES.includes(name) ? { audience: 'staff' as const } : {}),
      };
    }),
  };
}

export function runtimeConfig(t: Topology, env: NodeJS.ProcessEnv = process.env, placement: Placement = ownOrigins(t)): RuntimeConfig {
  return {
    // Members' service hosts, and the staff API (/admin) the console calls.
    apiHosts: { ...Object.fromEntries(SERVICE_HOSTS.map((host) => [host, `${placement.api}/api/${host}`])), admin: `${placement.api}/admin` },
    operatorName: env.OPERATOR_NAME ?? 'Rigshare Operations Ltd.',
    androidDownloadUrl: env.ANDROID_DOWNLOAD_URL ?? '',
  };
}

export function writeRuntimeDocuments(t: Topology, dists: DistFolders = {}, placement: Placement = ownOrigins(t)): void {
  const dist = dists.shell ?? distOf('shell');
  if (!fs.existsSync(dist)) throw new Error(`${dist} is missing: build the shell first`);
  fs.writeFileSync(path.join(dist, 'remotes.json'), JSON.stringify(remotesDocument(t, dists, placement), null, 2));
  fs.writeFileSync(path.join(dist, 'config.json'), JSON.stringify(runtimeConfig(t, process.env, placement), null, 2));
}
