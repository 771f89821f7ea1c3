import type { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';

/**
 * What the shell publishes of its bundler runtime for the remotes (contract version 3): the functions
 * that load shared modules and start a container, every one given the container's own
 * `__webpack_require__` as an argument, so one copy serves every container in the page.
 */
export interface PublishedBundlerRuntime {
  /** @module-federation/webpack-bundler-runtime's version in the shell's build. */
  version: string;
  bundlerRuntime: typeof bundlerRuntime;
  attachShareScopeMap: typeof attachShareScopeMap;
}

/** The global it is published as. */
export const PUBLISHED_AS = '__RIGSHARE_BUNDLER_RUNTIME__';

declare const BUNDLER_RUNTIME_VERSION: string;
/** The version of @module-federation/webpack-bundler-runtime this build was made with (a define of tools/rsbuild/federation-runtime.ts). */
export const BUILT_WITH = BUNDLER_RUNTIME_VERSION;
