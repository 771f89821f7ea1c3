import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A remote's container script that fails to load is asked for this many more times, a second apart. */
const ENTRY_RETRIES = 2;
const RETRY_DELAY_MS = 1000;
/**
 * A container request that gets no answer (a host that accepts the connection and then hangs) is given
 * up after this long, not the runtime's 20 s, so the area shows its message and Retry instead of a
 * spinner that seems never to end.
 */
const ENTRY_TIMEOUT_MS = 10_000;

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How the federation runtime loads the remotes' container scripts (remotes.json's `entry`): with a
 * deadline, and again after a failure, since a remote restarting behind its proxy answers a moment
 * later. Our own plugin rather than @module-federation/retry-plugin, which with its own older copy of
 * the federation sdk put 3.5 kB (minified) into the first load for what is a loop here.
 */
export function remoteEntryLoading(): ModuleFederationRuntimePlugin {
  return {
    name: 'rigshare-remote-entry-loading',
    createScript({ url }) {
      const script = document.createElement('script');
      script.src = url;
      // As the runtime asks for its own scripts: the container is on the way to the remote's screen.
      script.fetchPriority = 'high';
      return { script, timeout: ENTRY_TIMEOUT_MS };
    },
    // Its type says the hook resolves to a promise of the entry's exports; the runtime awaits either.
    loadEntryError: (async ({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) => {
      for (let retry = 1; ; retry += 1) {
        await pause(RETRY_DELAY_MS);
        // The failed load is still recorded as in flight; a retry would otherwise wait on it.
        delete globalLoading[uniqueKey];
        try {
          return await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
        } catch (error) {
          if (retry === ENTRY_RETRIES) throw error;
        }
      }
    }) as LoadEntryError,
  };
}
