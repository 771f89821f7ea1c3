import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry, RemoteModule, RemoteRoute } from '@rigshare/contract';
import { registerNamespace } from '@rigshare/i18n';
import { matchPath } from 'react-router-dom';
import { clearReloadMark } from './reload-once';

/**
 * The remotes the shell knows of, from remotes.json. Each is loaded on first use, its translations
 * registered and its `setup` run once; a failed load is forgotten so a later visit tries again.
 */
let entries: RemoteEntry[] = [];
const loaded = new Map<string, Promise<RemoteModule>>();

export const federationName = (name: string) => `rigshare_${name}`;

export function registerRemoteEntries(list: RemoteEntry[]): void {
  entries = list;
  registerRemotes(
    list.map((remote) => ({ name: federationName(remote.name), entry: remote.manifest })),
    { force: true },
  );
}

export function remoteEntries(): readonly RemoteEntry[] {
  return entries;
}

/**
 * Whether a link to `to` (a hash path, maybe with a query) leads to a screen. A path a remote owns
 * but does not serve yet says "Not available yet", so links to it stay hidden; they appear by
 * themselves once the remote's route table serves the path and the remote is redeployed.
 */
export function servesScreen(list: readonly RemoteEntry[], to: string): boolean {
  const path = to.split('?')[0];
  const owner = list.find((remote) => remote.paths.includes(path));
  return !owner?.screens || owner.screens.includes(path);
}

export function hasScreen(to: string): boolean {
  return servesScreen(entries, to);
}

export function loadRemoteModule(name: string): Promise<RemoteModule> {
  let promise = loaded.get(name);
  if (!promise) {
    promise = loadRemote<{ default: RemoteModule }>(`${federationName(name)}/routes`)
      .then(async (exposed) => {
        if (!exposed?.default) throw new Error(`Remote ${name} exposes no routes`);
        const remote = exposed.default;
        await registerNamespace(remote.namespace, remote.loadTranslations);
        remote.setup?.();
        clearReloadMark(name);
        return remote;
      })
      .catch((error: unknown) => {
        loaded.delete(name);
        throw error;
      });
    loaded.set(name, promise);
  }
  return promise;
}

export function findRoute(remote: RemoteModule, path: string): RemoteRoute | undefined {
  return remote.routes.find((route) => matchPath(route.path, path));
}
