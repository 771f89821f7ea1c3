/**
 * Stands in, in the shell's build, for two modules of the federation bundler runtime that only serve
 * shared libraries configured with `treeShaking` (a library shared in a tree-shaken copy, with the
 * whole one loaded from a "fallback" entry when a consumer needs more): `init.js`, which registers a
 * runtime plugin to rewrite such libraries' getters, and `getSharedFallbackGetter.js`, which loads the
 * fallback entry. No app here shares a library that way (tools/rsbuild/federation.ts), so every
 * container's `sharedFallback` is undefined and both modules return at their first check: ~1.5 kB
 * minified of the shell's entry, with the snapshot lookup the plugin imports, that no page runs.
 *
 * What the rest of the runtime asks of them, with no fallbacks:
 * - `init`, which the container's start calls: the runtime's `init` with the container's options, as
 *   the original does once its plugin has nothing to rewrite;
 * - `getSharedFallbackGetter`, which a container's start calls only when it has fallbacks: the
 *   library's own getter, as the original returns without them.
 * The shell publishes these functions for every remote (bundler-runtime/provide.ts), so a container
 * that does have fallbacks (a remote built with `treeShaking` shared) fails at its start with a
 * message that says why, instead of loading the tree-shaken copy where the whole one was needed.
 *
 * tools/rsbuild/federation-runtime.ts puts this module in place of both; runtime-private-files.ts holds
 * the runtime files it was checked against, and its test fails when one changes.
 */
import type { GetSharedFallbackGetterOptions, WebpackRequire } from '@module-federation/webpack-bundler-runtime';
import type { SharedGetter } from '@module-federation/runtime/types';

function assertNoFallbacks(webpackRequire: WebpackRequire) {
  if (webpackRequire.federation.sharedFallback) {
    throw new Error(
      'This remote shares libraries tree-shaken (shared `treeShaking`), which the shell leaves out (tools/rsbuild/shared-fallbacks-off.ts): build it without.',
    );
  }
}

export function init({ webpackRequire }: { webpackRequire: WebpackRequire }) {
  const { initOptions, runtime } = webpackRequire.federation;
  if (!initOptions) throw new Error('initOptions is required!');
  assertNoFallbacks(webpackRequire);
  return runtime!.init(initOptions);
}

export function getSharedFallbackGetter({ factory, webpackRequire }: GetSharedFallbackGetterOptions): SharedGetter {
  assertNoFallbacks(webpackRequire);
  return factory;
}
