/**
 * The federation runtime bundled from its ES modules, so the bundler can leave out what the page
 * never calls. Rspack finds the runtime with `require.resolve`, which answers with the CommonJS
 * builds (`dist/*.cjs`); those require whole packages, so every remote entry carried all of
 * @module-federation/sdk (the manifest-to-snapshot code, the logger, the Node.js loaders) for the
 * few functions it uses. Here the two files the build generates imports of by path point at their ES
 * module twins, and the runtime's own imports ask for the `import` build of each package. A remote's
 * import of the bundler runtime goes to bundler-runtime/take.ts instead, which takes the shell's
 * (contract version 3).
 */
import path from 'node:path';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';
import { versionOf } from './kits';
import { BUNDLER_RUNTIME, changedPrivateFiles } from './runtime-private-files';

const RUNTIME_PACKAGE = /[\\/]node_modules[\\/]@module-federation[\\/]/;

const esModuleTwin = (name: string) => require.resolve(name).replace(/\.cjs$/, '.js');

/**
 * Where the container's bundler runtime comes from: its own build (the shell), or the shell's copy
 * that bundler-runtime/take.ts takes (a remote, contract version 3).
 */
export type BundlerRuntimeSource = 'bundled' | 'from-shell';

/**
 * Where Rspack sends the runtime with a path of its own making: the files the generated runtime code
 * imports by absolute path, and `@module-federation/runtime`, which Rspack's own alias points at
 * the CommonJS build (an entry of the same name here replaces it).
 */
function runtimeAliases(bundlerRuntime: BundlerRuntimeSource): Record<string, string> {
  const bundlerRuntimeModule = bundlerRuntime === 'bundled' ? esModuleTwin(BUNDLER_RUNTIME) : path.join(__dirname, 'bundler-runtime', 'take.ts');
  const injectPlugin = '@module-federation/inject-external-runtime-core-plugin';
  return {
    [`${require.resolve(BUNDLER_RUNTIME)}$`]: bundlerRuntimeModule,
    [`${require.resolve(injectPlugin)}$`]: esModuleTwin(injectPlugin),
    '@module-federation/runtime': esModuleTwin('@module-federation/runtime'),
  };
}

export interface FederationRuntimeOptions {
  bundlerRuntime: BundlerRuntimeSource;
  /**
   * The build registers remotes by their container file only (`disableSnapshot`) and shares no
   * library tree-shaken: the runtime modules that serve only those (LEFT_OUT) are replaced by what the
   * rest of the runtime asks of them.
   */
  withoutUnusedParts?: boolean;
}

/**
 * Runtime modules that serve only features the shell's build does not use, each replaced by a module
 * of ours that gives the rest of the runtime what it asks of them, checked against one version
 * (runtime-private-files.ts).
 */
const LEFT_OUT = [
  {
    what: 'its snapshot modules',
    // runtime-core's snapshot handler and asset preloading.
    modules: /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/](plugins[\\/]snapshot[\\/]SnapshotHandler|utils[\\/]preload)\.js$/,
    replacement: path.join(__dirname, 'snapshots-off.ts'),
  },
  {
    what: 'its tree-shaken shared fallbacks',
    // The bundler runtime's init (its tree-shaking plugin) and the fallback entries' loader.
    modules: /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/](init|getSharedFallbackGetter)\.js$/,
    replacement: path.join(__dirname, 'shared-fallbacks-off.ts'),
  },
];

/** Stops the build when a runtime file our replacements and take.ts rely on is not the one they were checked against. */
function assertPrivateFilesChecked() {
  const changes = changedPrivateFiles();
  if (changes.length > 0) throw new Error(`the federation runtime differs from the one tools/rsbuild was checked against:\n${changes.join('\n')}`);
}

export function federationRuntimeAsEsModules({ bundlerRuntime, withoutUnusedParts = false }: FederationRuntimeOptions): RsbuildPlugin {
  assertPrivateFilesChecked();
  const leftOut = withoutUnusedParts ? LEFT_OUT : [];
  return {
    name: 'rigshare:federation-runtime-esm',
    setup(api) {
      // What the shell publishes its bundler runtime with and a remote compares it to (bundler-runtime/published.ts).
      api.modifyRsbuildConfig((config, { mergeRsbuildConfig }) =>
        mergeRsbuildConfig(config, { source: { define: { BUNDLER_RUNTIME_VERSION: JSON.stringify(versionOf(BUNDLER_RUNTIME)) } } }),
      );
      api.modifyRspackConfig((config, { rspack }) => {
        config.resolve ??= {};
        config.resolve.alias = { ...(config.resolve.alias as Record<string, string>), ...runtimeAliases(bundlerRuntime) };
        config.module ??= {};
        config.module.rules ??= [];
        config.module.rules.push({ test: RUNTIME_PACKAGE, resolve: { conditionNames: ['import', 'module', 'browser', 'default'] } });
        config.plugins ??= [];
        for (const { modules, replacement } of leftOut) config.plugins.push(new rspack.NormalModuleReplacementPlugin(modules, replacement));
        // A runtime upgrade that moves these files would bring the CommonJS builds (~8 KiB brotli) or
        // the left-out modules back unnoticed, the page still working: the build stops instead.
        config.plugins.push({
          apply(compiler: Rspack.Compiler) {
            compiler.hooks.compilation.tap('rigshare:federation-runtime-esm', (compilation) => {
              compilation.hooks.finishModules.tap('rigshare:federation-runtime-esm', (modules) => {
                for (const built of modules) {
                  const resource = (built as { resource?: string }).resource;
                  if (!resource || !RUNTIME_PACKAGE.test(resource)) continue;
                  const unused = leftOut.find(({ modules }) => modules.test(resource));
                  if (!unused && !resource.endsWith('.cjs')) continue;
                  const issuer = (compilation.moduleGraph.getIssuer(built) as { resource?: string } | null)?.resource;
                  const from = issuer ? `, imported by ${path.relative(process.cwd(), issuer)}` : '';
                  const what = unused ? `with ${unused.what}` : 'from its CommonJS build';
                  throw new Error(`the federation runtime is bundled ${what} (${path.relative(process.cwd(), resource)}${from}); see tools/rsbuild/federation-runtime.ts`);
                }
              });
            });
          },
        });
      });
    },
  };
}
