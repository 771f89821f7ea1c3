import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { supportsContractVersion, UnsupportedContractError, type RemoteEntry, type RemoteModule, type RemoteRoute } from '@rigshare/contract';
import { registerNamespace } from '@rigshare/i18n';
import { matchPath } from 'react-router-dom';
import { clearReloadMark } from './reload-once';
import { remoteEntryLoading } from './remote-entry-loading';

/**
 * The remotes the shell knows of, from remotes.json. Each is loaded on first use, its translations
 * registered and its `setup` run once.
 *
 * One load per remote: every render that asks gets the same promise, also after it failed, so a
 * render that suspends and is retried by React never starts another load (the cause of a request
 * storm when a remote was down). A failed load is tried again only when asked: the area's Retry
 * button, or `whenRemoteBack` once the remote's container script answers again.
 */
let entries: RemoteEntry[] = [];
const loads = new Map<string, Promise<RemoteModule>>();
const failed = new Set<string>();

/** Checks whether a failed remote is back: first after 5 s, then doubling, at most once a minute. */
const FIRST_CHECK_MS = 5_000;
const MAX_CHECK_MS = 60_000;

export const federationName = (name: string) => `rigshare_${name}`;

let pluginsRegistered = false;

let staffRegistered = false;

const toFederation = (list: readonly RemoteEntry[]) => list.map((remote) => ({ name: federationName(remote.name), entry: remote.entry }));

/**
 * Registers the members' remotes with the federation runtime. Staff remotes (the console) are known by
 * their paths only, so their routes can send a visitor to the staff login, but the runtime learns where
 * they are only from `registerStaffRemotes`, after a staff login: a member's page never loads them.
 */
export function registerRemoteEntries(list: RemoteEntry[]): void {
  entries = list;
  staffRegistered = false;
  if (!pluginsRegistered) {
    registerPlugins([remoteEntryLoading()]);
    pluginsRegistered = true;
  }
  registerRemotes(toFederation(list.filter((remote) => remote.audience !== 'staff')), { force: true });
}

/** For a staff session: lets the runtime load the staff remotes. */
export function registerStaffRemotes(): void {
  if (staffRegistered) return;
  staffRegistered = true;
  registerRemotes(toFederation(entries.filter((remote) => remote.audience === 'staff')), { force: true });
}

export const isStaffRemote = (name: string): boolean => entries.some((remote) => remote.name === name && remote.audience === 'staff');

/** A path one of the staff remotes (the console) answers. */
export const isStaffPath = (pathname: string): boolean =>
  entries.some((remote) => remote.audience === 'staff' && remote.paths.some((path) => matchPath(path, pathname) !== null));

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
  let promise = loads.get(name);
  if (!promise) {
    if (isStaffRemote(name) && !staffRegistered) return Promise.reject(new Error(`Remote ${name} is for staff sessions only`));
    // A remote built against a contract this shell does not support is not loaded at all when its
    // remotes.json entry says so, and not set up or rendered when its module says so (a remote
    // redeployed without a new remotes.json): its area shows the fallback instead.
    const stated = entries.find((entry) => entry.name === name)?.contract;
    const load = supportsContractVersion(stated)
      ? loadRemote<{ default: RemoteModule }>(`${federationName(name)}/routes`)
      : Promise.reject(new UnsupportedContractError(name, stated!));
    promise = load
      .then(async (exposed) => {
        if (!exposed?.default) throw new Error(`Remote ${name} exposes no routes`);
        const remote = exposed.default;
        if (!supportsContractVersion(remote.contractVersion)) throw new UnsupportedContractError(name, remote.contractVersion!);
        await registerNamespace(remote.namespace, remote.loadTranslations);
        remote.setup?.();
        clearReloadMark(name);
        return remote;
      })
      .catch((error: unknown) => {
        // A remote that answers but was built against another contract is not "back" when it answers:
        // only a new page (a new shell or a new remotes.json) can change that.
        if (!(error instanceof UnsupportedContractError)) failed.add(name);
        throw error;
      });
    loads.set(name, promise);
  }
  return promise;
}

/**
 * How long home waits, once its content is shown, before loading the other remotes: past the end of the
 * page's first load (bench:web: Lighthouse stops after a second without network or CPU work), so home's
 * first load is not made longer or heavier by screens the member may never open.
 */
const WARM_AFTER_MS = 3_000;
let warming = false;

/**
 * Loads the members' remotes that are not loaded yet (their container, route table and translations),
 * one after another in the main thread's idle time, after `WARM_AFTER_MS`: home calls it once its
 * content is shown, so a tab opened next waits for its screen's chunk and data only (bench:tabs: four
 * downloads one after another, 0.5-0.7 s of a slow phone's 1.1-1.6 s). Not on a data saver. A remote
 * that fails to load here is forgotten, so opening it tries again as if it had never been warmed.
 */
export function warmRemotes(): void {
  if (warming) return;
  warming = true;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const idle = (): Promise<void> =>
    new Promise((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 2_000 }) : setTimeout(resolve, 50)));
  setTimeout(async () => {
    for (const remote of entries) {
      if (remote.audience === 'staff' || loads.has(remote.name)) continue;
      await idle();
      await loadRemoteModule(remote.name).catch(() => retryRemote(remote.name));
    }
  }, WARM_AFTER_MS);
}

/** Forgets a failed load, so the next render of the remote's area loads it again. */
export function retryRemote(name: string): void {
  if (!failed.delete(name)) return;
  loads.delete(name);
}

/**
 * While a remote's load has failed, asks for its container script with growing pauses; when it answers,
 * forgets the failed load and calls `onBack`. Returns a function that stops asking.
 */
export function whenRemoteBack(name: string, onBack: () => void): () => void {
  const entry = entries.find((remote) => remote.name === name);
  if (!entry || !failed.has(name)) return () => {};
  let delay = FIRST_CHECK_MS;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout>;
  const check = async () => {
    try {
      const response = await fetch(entry.entry, { cache: 'no-store' });
      if (response.ok && !stopped) {
        retryRemote(name);
        onBack();
        return;
      }
    } catch {
      // still down
    }
    if (stopped) return;
    delay = Math.min(delay * 2, MAX_CHECK_MS);
    timer = setTimeout(check, delay);
  };
  timer = setTimeout(check, delay);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

export function findRoute(remote: RemoteModule, path: string): RemoteRoute | undefined {
  return remote.routes.find((route) => matchPath(route.path, path));
}
