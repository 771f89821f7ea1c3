/**
 * The shell's runtime plugin that publishes its federation bundler runtime for the remotes, beside
 * the runtime core that `provideExternalRuntime` publishes (tools/rsbuild/federation.ts). Each remote
 * then takes it (take.ts) instead of carrying its own copy, ~8 kB minified per container.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';
import { BUILT_WITH, PUBLISHED_AS, type PublishedBundlerRuntime } from './published';

export default function provideBundlerRuntime(): ModuleFederationRuntimePlugin {
  return {
    name: 'rigshare-provide-bundler-runtime',
    beforeInit(args) {
      const published: PublishedBundlerRuntime = { version: BUILT_WITH, bundlerRuntime, attachShareScopeMap };
      (globalThis as Record<string, unknown>)[PUBLISHED_AS] ??= published;
      return args;
    },
  };
}
