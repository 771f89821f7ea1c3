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
import { REMOTE_NAMES, distOf, originOf, type Topology } from './topology';

export function remotesDocument(t: Topology): RemotesDocument {
  return {
    remotes: REMOTE_NAMES.map((name) => {
      const pathsFile = path.join(distOf(name), 'route-paths.json');
      if (!fs.existsSync(pathsFile)) throw new Error(`${pathsFile} is missing: build the ${name} remote first`);
      // The paths its route table serves (a build before route-screens.json existed: say nothing).
      const screensFile = path.join(distOf(name), 'route-screens.json');
      return {
        name,
        manifest: `${originOf(t.host, t.remotePorts[name])}/mf-manifest.json`,
        paths: JSON.parse(fs.readFileSync(pathsFile, 'utf8')) as string[],
        ...(fs.existsSync(screensFile) ? { screens: JSON.parse(fs.readFileSync(screensFile, 'utf8')) as string[] } : {}),
      };
    }),
  };
}

export function runtimeConfig(t: Topology, env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const api = originOf(t.host, t.apiPort);
  return {
    apiHosts: Object.fromEntries(SERVICE_HOSTS.map((host) => [host, `${api}/api/${host}`])),
    operatorName: env.OPERATOR_NAME ?? 'Rigshare Operations Ltd.',
    androidDownloadUrl: env.ANDROID_DOWNLOAD_URL ?? '',
  };
}

export function writeRuntimeDocuments(t: Topology): void {
  const dist = distOf('shell');
  if (!fs.existsSync(dist)) throw new Error(`${dist} is missing: build the shell first`);
  fs.writeFileSync(path.join(dist, 'remotes.json'), JSON.stringify(remotesDocument(t), null, 2));
  fs.writeFileSync(path.join(dist, 'config.json'), JSON.stringify(runtimeConfig(t), null, 2));
}
