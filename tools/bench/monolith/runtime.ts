/**
 * Stands in for `@module-federation/enhanced/runtime` (and the shell's plugin for it) in the monolithic
 * comparison build of `npm run bench:web`: the shell's remote registry asks for
 * `rigshare_<name>/routes` as always, and gets the remote's route module from the same bundle, split
 * into its own chunk by a dynamic import the way a single app would split an area. Never shipped.
 */
// The monolith is the remotes' code compiled into the shell, so it imports them by path.
const ROUTES: Record<string, () => Promise<unknown>> = {
  // eslint-disable-next-line @nx/enforce-module-boundaries
  rigshare_products: () => import('../../../remotes/products/src/routes'),
  // eslint-disable-next-line @nx/enforce-module-boundaries
  rigshare_wallet: () => import('../../../remotes/wallet/src/routes'),
  // eslint-disable-next-line @nx/enforce-module-boundaries
  rigshare_team: () => import('../../../remotes/team/src/routes'),
  // eslint-disable-next-line @nx/enforce-module-boundaries
  rigshare_community: () => import('../../../remotes/community/src/routes'),
  // eslint-disable-next-line @nx/enforce-module-boundaries
  rigshare_messages: () => import('../../../remotes/messages/src/routes'),
};

export function registerRemotes(): void {}

export function registerPlugins(): void {}

export function remoteEntryLoading(): object {
  return { name: 'monolith-loads-no-remote-entries' };
}

export function loadRemote<T>(id: string): Promise<T> {
  const load = ROUTES[id.replace(/\/routes$/, '')];
  return load ? (load() as Promise<T>) : Promise.reject(new Error(`${id} is not part of the monolith`));
}
