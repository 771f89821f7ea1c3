/**
 * A remote's federation bundler runtime, taken from the shell (contract version 3): the build points
 * the container's import of @module-federation/webpack-bundler-runtime here. Its functions keep no
 * state of their own (each is given the container's `__webpack_require__`), so the shell's copy serves
 * every container; what does hold state, the share scopes object and the container's options, is
 * this container's own, as the library's `index` makes them. The shell leaves out the one function a
 * host without exposed modules never calls, starting a container, so that one comes from here.
 * Of the runtime's own functions the bundler runtime calls two, `init` and, for shared fallbacks,
 * `getRemoteEntry`: the container carries those, not the rest of the library's index (loadRemote,
 * preloadRemote, registerRemotes … and their error texts, 0.6 KiB brotli of every container).
 * `initContainerEntry.js` is a private file of the package, held to the version checked
 * (runtime-private-files.ts).
 */
import { getRemoteEntry, init } from '@module-federation/runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { BUILT_WITH, PUBLISHED_AS, type PublishedBundlerRuntime } from './published';

const published = (globalThis as Record<string, unknown>)[PUBLISHED_AS] as PublishedBundlerRuntime | undefined;
if (!published) {
  throw new Error('this remote takes the federation bundler runtime from the shell (contract version 3); the shell in this page does not provide it');
}
if (published.version !== BUILT_WITH) {
  // As the runtime core's own provider does when the versions differ: the shell's is used.
  console.warn(`[rigshare] the shell's federation bundler runtime is ${published.version}, this remote was built with ${BUILT_WITH}`);
}

export default {
  runtime: { init, getRemoteEntry },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...published.bundlerRuntime, S: {}, initContainerEntry },
  attachShareScopeMap: published.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
