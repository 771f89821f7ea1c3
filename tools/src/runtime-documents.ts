/**
 * Writes the two documents the shell reads at start: remotes.json (where each remote's manifest is,
 * which paths it owns and which of those it has screens for) and config.json (API hosts, operator
 * facts). This is the whole of a deployment's knowledge about the topology; the shell's build never
 * contains it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RemotesDocument, RuntimeConfig } from '@rigshare/contract';
import { SERVICE_HOSTS } from '@rigshare/domain';
import { REMOTE_NAMES, STAFF_REMOTES, distOf, originOf, type RemoteName, type Topology } from './topology';

/** Where each app's build is, when one is deployed from another folder (e.g. an older release). */
export type DistFolders = Partial<Record<'shell' | RemoteName, string>>;

const readJson = <T>(file: string): T | undefined => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : undefined);

export function remotesDocument(t: Topology, dists: DistFolders = {}): RemotesDocument {
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
        manifest: `${originOf(t.host, t.remotePorts[name])}/mf-manifest.json`,
        paths,
        ...(screens ? { screens } : {}),
        ...(contract ? { contract: contract.version } : {}),
        ...(STAFF_REMOTES.includes(name) ? { audience: 'staff' as const } : {}),
      };
    }),
  };
}

export function runtimeConfig(t: Topology, env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const api = originOf(t.host, t.apiPort);
  return {
    // Members' service hosts, and the staff API (/admin) the console calls.
    apiHosts: { ...Object.fromEntries(SERVICE_HOSTS.map((host) => [host, `${api}/api/${host}`])), admin: `${api}/admin` },
    operatorName: env.OPERATOR_NAME ?? 'Rigshare Operations Ltd.',
    androidDownloadUrl: env.ANDROID_DOWNLOAD_URL ?? '',
  };
}

export function writeRuntimeDocuments(t: Topology, dists: DistFolders = {}): void {
  const dist = dists.shell ?? distOf('shell');
  if (!fs.existsSync(dist)) throw new Error(`${dist} is missing: build the shell first`);
  fs.writeFileSync(path.join(dist, 'remotes.json'), JSON.stringify(remotesDocument(t, dists), null, 2));
  fs.writeFileSync(path.join(dist, 'config.json'), JSON.stringify(runtimeConfig(t), null, 2));
}
