/**
 * Stands in, in the shell's build, for two modules of the federation runtime that only serve remotes
 * registered by a manifest: runtime-core's snapshot handler (`plugins/snapshot/SnapshotHandler.js`)
 * and its preloading of a remote's assets (`utils/preload.js`). The shell registers every remote by
 * its container file (`disableSnapshot`). That option leaves out the snapshot plugins, but
 * runtime-core still builds a full handler whenever it loads remotes (its `core.js`:
 * `USE_REMOTE ? new SnapshotHandler(this) : …`), which brings the manifest-to-snapshot code of
 * @module-federation/sdk with it, and keeps `preloadRemote`, which needs snapshots: ~9 kB minified of
 * the shell's entry that no page runs.
 *
 * What the rest of the runtime asks of them, with snapshots off:
 * - the handler's `hooks`, to which `registerPlugins` applies every plugin: no lifecycle of its own,
 *   as runtime-core's own `DisabledSnapshotHandler`;
 * - its `manifestCache`, from which `registerRemotes(…, { force: true })` drops a remote's manifest:
 *   none is ever fetched, so the map stays empty;
 * - `getGlobalRemoteInfo`, by which removing a remote finds the host's snapshot to forget it in: only
 *   the snapshot plugin writes one, so there is none;
 * - `loadRemoteSnapshotInfo`, `formatPreloadArgs` and `preloadAssets`, which only `preloadRemote` and
 *   the runtime's helpers call, and nothing here does: they fail with a message that says why.
 *
 * tools/rsbuild/federation-runtime.ts puts this module in place of both; runtime-private-files.ts holds
 * the runtime files it was checked against, and its test fails when one changes.
 */

const OFF = 'Remote snapshots and preloading are off in this build (disableSnapshot): register remotes by their container file and load them with loadRemote.';

interface RuntimePlugin {
  name: string;
}

/** A hook system with no lifecycle: plugins register, nothing is ever called on them. */
class NoHooks {
  readonly lifecycle = {};
  readonly registerPlugins: Record<string, RuntimePlugin> = {};

  applyPlugin(plugin: RuntimePlugin) {
    this.registerPlugins[plugin.name] ??= plugin;
  }

  removePlugin(pluginName: string) {
    delete this.registerPlugins[pluginName];
  }
}

export class SnapshotHandler {
  readonly hooks = new NoHooks();
  readonly manifestCache = new Map<string, unknown>();

  loadRemoteSnapshotInfo(): Promise<never> {
    return Promise.reject(new Error(OFF));
  }
}

export function getGlobalRemoteInfo(): { hostGlobalSnapshot: undefined } {
  return { hostGlobalSnapshot: undefined };
}

export function formatPreloadArgs(): never {
  throw new Error(OFF);
}

export function preloadAssets(): Promise<never> {
  return Promise.reject(new Error(OFF));
}

/** Imported by the preload-assets plugin, which `disableSnapshot` leaves out. */
export const defaultPreloadArgs = {};
export const normalizePreloadExposes = (): string[] => [];
