/**
 * The federation runtime bundled from its ES modules, so the bundler can leave out what the page
 * never calls. Rspack finds the runtime with `require.resolve`, which answers with the CommonJS
 * builds (`dist/*.cjs`); those require whole packages, so every remote entry carried all of
 * @module-federation/sdk (the manifest-to-snapshot code, the logger, the Node.js loaders) for the
 * few functions it uses. Here the two files the build generates imports of by path point at their ES
 * module twins, and the runtime's own imports ask for the `import` build of each package.
 */
import path from 'node:path';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';

const RUNTIME_PACKAGE = /[\\/]node_modules[\\/]@module-federation[\\/]/;

const esModuleTwin = (name: string) => require.resolve(name).replace(/\.cjs$/, '.js');

/**
 * Where Rspack sends the runtime with a path of its own making: the files the generated runtime code
 * imports by absolute path, and `@module-federation/runtime`, which Rspack's own alias points at
 * the CommonJS build (an entry of the same name here replaces it).
 */
function runtimeAliases(): Record<string, string> {
  const byPath = ['@module-federation/webpack-bundler-runtime', '@module-federation/inject-external-runtime-core-plugin'];
  return {
    ...Object.fromEntries(byPath.map((name) => [`${require.resolve(name)}$`, esModuleTwin(name)])),
    '@module-federation/runtime': esModuleTwin('@module-federation/runtime'),
  };
}

export function federationRuntimeAsEsModules(): RsbuildPlugin {
  return {
    name: 'rigshare:federation-runtime-esm',
    setup(api) {
      api.modifyRspackConfig((config) => {
        config.resolve ??= {};
        config.resolve.alias = { ...(config.resolve.alias as Record<string, string>), ...runtimeAliases() };
        config.module ??= {};
        config.module.rules ??= [];
        config.module.rules.push({ test: RUNTIME_PACKAGE, resolve: { conditionNames: ['import', 'module', 'browser', 'default'] } });
        // A runtime upgrade that moves these files would bring the CommonJS builds back unnoticed
        // (the page still works, ~8 KiB brotli heavier): the build stops instead.
        config.plugins ??= [];
        config.plugins.push({
          apply(compiler: Rspack.Compiler) {
            compiler.hooks.compilation.tap('rigshare:federation-runtime-esm', (compilation) => {
              compilation.hooks.finishModules.tap('rigshare:federation-runtime-esm', (modules) => {
                for (const built of modules) {
                  const resource = (built as { resource?: string }).resource;
                  if (!resource || !RUNTIME_PACKAGE.test(resource) || !resource.endsWith('.cjs')) continue;
                  const issuer = (compilation.moduleGraph.getIssuer(built) as { resource?: string } | null)?.resource;
                  const from = issuer ? `, imported by ${path.relative(process.cwd(), issuer)}` : '';
                  throw new Error(`the federation runtime is bundled from its CommonJS build (${path.relative(process.cwd(), resource)}${from}); see tools/rsbuild/federation-runtime.ts`);
                }
              });
            });
          },
        });
      });
    },
  };
}

/**
 * A remote's container takes the shell's bundler runtime (bundler-runtime/take.ts) instead of
 * bundling @module-federation/webpack-bundler-runtime (contract version 3). Registered after
 * `federationRuntimeAsEsModules`, whose alias for the same import it replaces.
 */
export function bundlerRuntimeFromShell(): RsbuildPlugin {
  return {
    name: 'rigshare:bundler-runtime-from-shell',
    setup(api) {
      api.modifyRspackConfig((config) => {
        config.resolve ??= {};
        const alias = { [`${require.resolve('@module-federation/webpack-bundler-runtime')}$`]: path.join(__dirname, 'bundler-runtime', 'take.ts') };
        config.resolve.alias = { ...(config.resolve.alias as Record<string, string>), ...alias };
      });
    },
  };
}
