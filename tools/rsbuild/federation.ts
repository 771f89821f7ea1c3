/**
 * Rsbuild settings shared by the shell and every remote, so all six apps agree on what is a
 * singleton and how chunks are named. Each app's rsbuild.config.ts is a one-line call of
 * `shellConfig` or `remoteConfig`.
 */
import path from 'node:path';
import { defineConfig, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { CONTRACT_VERSION } from '@rigshare/contract';
import { KIT_LIBRARIES, LOADED_ON_DEMAND, kitAliases, libraryOf, packageDir, reactRouterDist, splitKitImports, versionOf } from './kits';
import { SHELL_FIRST_LOAD, compileHintsPlugin } from './compile-hints';
import { compressedCopies } from './compress';
import { firstPaintPlugin, type FirstPaintOptions } from './first-paint';
import { federationRuntimeAsEsModules } from './federation-runtime';

/**
 * One copy of each in the page: React (and its renderer and JSX runtime, which React 19 ships as
 * separate entry points), the router, the store, i18next, axios, the UI kit and our shared libs.
 * The list is JSON so the lint config (its lazy-library exemptions) and the shell's entry test read
 * it too.
 */
import singletons from './singletons.json';

/**
 * React's packages ask for the React installed here. Left to itself the build takes the range from
 * the nearest package.json of each importer, and antd-mobile's @react-spring still names React
 * ^16.8 || ^17 || ^18: the runtime then warned about React 19 on every page load.
 */
const REACT_RANGE = `^${versionOf('react')}`;
const isReact = (name: string) => /^react(-dom)?(\/|$)/.test(name);

/** The kit modules (tools/rsbuild/kits.ts), written once per build: the `resolve.alias` entries pointing at them. */
const KIT_MODULES = kitAliases();

/** The kit modules (tools/rsbuild/kits.ts) have no package.json of their own: they carry their library's version. */
const KIT_VERSIONS: Record<string, string> = Object.fromEntries(KIT_LIBRARIES.map((library) => [library, versionOf(library)]));

export const shared = Object.fromEntries(
  singletons.map((name) => {
    const kitVersion = KIT_VERSIONS[libraryOf(name)];
    return [
      name,
      isReact(name)
        ? { singleton: true, requiredVersion: REACT_RANGE }
        : kitVersion
          ? { singleton: true, requiredVersion: `^${kitVersion}`, version: kitVersion }
          : { singleton: true },
    ];
  }),
);

/**
 * Workspace libraries of pure code (rules, formatting, stateless components): one copy per app does
 * no harm, so each app bundles what it uses of them, tree-shaken as a monolith would, and none of
 * them is in the shell's first load whole. Remotes built before (contract versions 1-4) take them
 * from the shell, so the shell still provides them, as chunks of their own that only such a remote
 * fetches. Each is provided under a request nothing imports (`<name>/for-earlier-remotes`) and shared
 * under its own name: provided under its name, the shell's own imports of it would go through the
 * share scope and take it whole.
 */
const BUNDLED_BY_EACH_APP = ['@rigshare/domain', '@rigshare/ui'];

const providedForEarlierRemotes = Object.fromEntries(
  BUNDLED_BY_EACH_APP.map((name) => [
    `${name}/for-earlier-remotes`,
    { singleton: true, shareKey: name, import: require.resolve(name), version: versionOf(name), eager: false },
  ]),
);

/** The singletons, each with one more setting: how the shell or a remote takes part in sharing them. */
const sharedWith = (setting: (name: string) => { eager: boolean; import?: string } | { import: false }) =>
  Object.fromEntries(Object.entries(shared).map(([name, options]) => [name, { ...options, ...setting(name) }]));

/**
 * The build's side of the UI kit's two parts (tools/rsbuild/kits.ts): every app's and lib's import of
 * antd-mobile becomes imports of the part each component is shared in.
 */
function uiKitPartsPlugin(): RsbuildPlugin {
  return {
    name: 'rigshare:ui-kit-parts',
    setup(api) {
      api.transform({ test: /\.[jt]sx?$/, order: 'pre' }, ({ code, resourcePath }) =>
        resourcePath.includes(`${path.sep}node_modules${path.sep}`) ? code : splitKitImports(code),
      );
    },
  };
}

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip -9) next to every text file of the build,
 * for servers that send a pre-compressed copy (the static servers here, nginx's gzip_static): better
 * than what a server can afford per request (brotli 4 by default), and no compression work on serving.
 */
export function precompressPlugin(): RsbuildPlugin {
  return {
    name: 'rigshare:precompress',
    setup(api) {
      api.processAssets({ stage: 'optimize-transfer' }, ({ assets, sources, compilation }) => {
        for (const [name, asset] of Object.entries(assets)) {
          if (!/\.(js|css|html|json|svg)$/.test(name)) continue;
          const buffer = asset.buffer();
          if (buffer.length < 1024) continue;
          const { br, gz } = compressedCopies(buffer);
          compilation.emitAsset(`${name}.br`, new sources.RawSource(br));
          compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz));
        }
      });
    },
  };
}

/** What every app (and the monolithic comparison build of bench:web) is built with. */
export const commonConfig: RsbuildConfig = {
  plugins: [pluginReact(), uiKitPartsPlugin(), precompressPlugin()],
  source: {
    define: {
      'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production'),
    },
  },
  resolve: {
    // react-router 7's package exports point every condition at its development build (warnings,
    // checks, ~60 kB more); its production build sits beside it and is only reachable by path.
    alias: {
      'react-router$': path.join(reactRouterDist, 'index.mjs'),
      'react-router/dom$': path.join(reactRouterDist, 'dom-export.mjs'),
      // A few antd-mobile components take rc-util's CommonJS build (`rc-util/lib/...`) where the
      // rest of the kit takes its ES modules: both copies of those modules came in the first load,
      // with Babel's CommonJS helpers beside their ES twins (~12 kB minified).
      'rc-util/lib': path.join(packageDir('rc-util', packageDir('antd-mobile')), 'es'),
      ...KIT_MODULES,
    },
  },
  output: {
    distPath: { root: 'dist' },
    cleanDistPath: true,
    // MINIFY=false keeps readable output for debugging a production build.
    minify: process.env.MINIFY !== 'false',
  },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
};

/** The shell's page: title, icon and meta tags. */
export const shellHtml: RsbuildConfig['html'] = {
  title: 'Rigshare',
  // Without an icon link the browser asks for /favicon.ico, a 404 on every cold load.
  favicon: './src/assets/favicon.svg',
  meta: {
    viewport: 'width=device-width, initial-scale=1, viewport-fit=cover',
    'theme-color': '#0f5c4d',
    description: 'Rigshare: rent mining machines and follow their returns.',
  },
  // Installable: the web manifest and its icons, and the service worker (shell/public/sw.js).
  tags: [
    { tag: 'link', attrs: { rel: 'manifest', href: 'manifest.webmanifest' } },
    { tag: 'link', attrs: { rel: 'apple-touch-icon', href: 'icon-192.png' } },
  ],
};

/** Only browsers load these apps: the federation runtime drops its Node.js code paths. */
const WEB_ONLY = { target: 'web' as const };

/**
 * Every remote's container, at the root of its build under a name that does not change between
 * builds: remotes.json points at it, so a remote is redeployed without a new remotes.json, and it is
 * served like the manifest (never cached, answered 304 when unchanged). The manifest is still written
 * (its `metaData.remoteEntry` names this file), for deployment scripts and shells of earlier releases.
 */
const REMOTE_ENTRY_FILE = 'remoteEntry.js';

export interface ShellOptions {
  port: number;
  /** The screen index.html paints before JavaScript, in every language (production builds). */
  firstPaint?: Omit<FirstPaintOptions, 'resolve'>;
}

export function shellConfig({ port, firstPaint }: ShellOptions) {
  return defineConfig({
    ...commonConfig,
    plugins: [
      ...commonConfig.plugins!,
      federationRuntimeAsEsModules({ bundlerRuntime: 'bundled', withoutUnusedParts: true }),
      pluginModuleFederation({
        name: 'rigshare_shell',
        // Remotes are registered at runtime from remotes.json; none are known at build time.
        remotes: {},
        // The shell is always the first app in the page and provides every singleton: eager, they
        // come in its entry file instead of a chain of small chunks the browser finds one by one;
        // but the UI kit's on-demand part, and the whole kit remotes of contract version 3 take, are
        // chunks of their own, fetched when a screen first needs them.
        // A shared library is provided only once something in the build imports it, so these two are
        // provided by their modules' paths: nothing in the shell imports the whole kit.
        shared: {
          ...sharedWith((name) => (LOADED_ON_DEMAND.includes(name) ? { eager: false, import: KIT_MODULES[`${name}$`] } : { eager: true })),
          ...providedForEarlierRemotes,
        },
        shareStrategy: 'loaded-first',
        dts: false,
        // The shell's federation runtime is the one every remote uses (contract version 2): it is
        // published as the global the remotes' `externalRuntime` builds expect. Remotes are registered
        // by their container file (remotes.json's `entry`), never by a manifest, so the runtime leaves
        // out the plugins that turn manifests into snapshots and preload lists.
        experiments: { optimization: { ...WEB_ONLY, disableSnapshot: true }, provideExternalRuntime: true },
        // Its bundler runtime too (contract version 3), which the remotes take (bundler-runtime/take.ts).
        runtimePlugins: [path.join(__dirname, 'bundler-runtime', 'provide.ts')],
      }),
      compileHintsPlugin(SHELL_FIRST_LOAD),
      ...(firstPaint ? [firstPaintPlugin({ ...firstPaint, resolve: commonConfig.resolve })] : []),
    ],
    html: shellHtml,
    server: { port },
  });
}

export interface RemoteOptions {
  /** Short name, e.g. `products`; the federation name is `rigshare_<name>`. */
  name: string;
  port: number;
  /** Hash paths the remote owns; written to dist/route-paths.json for remotes.json. */
  paths: readonly string[];
  /**
   * The routes the remote's route table really serves (pass `remote.routes` from src/routes.tsx);
   * their paths are written to dist/route-screens.json, so the shell shows links only to screens
   * that exist and a new screen's links appear with the remote's next deployment.
   */
  routes: readonly { path: string }[];
  /**
   * What the remote's own page (index.html at its origin) says: its screens run only inside the
   * shell. The page is static and loads no script, since a remote cannot start without the shell's
   * federation runtime.
   */
  ownPage: string;
}

/**
 * Writes the owned and the served paths next to the manifest, for deployment's remotes.json, and
 * the shell-remote contract version the remote is built against (contract.json), so a shell that
 * does not support it shows the area's fallback without loading the remote.
 */
function routePathsPlugin(paths: readonly string[], screens: readonly string[]): RsbuildPlugin {
  return {
    name: 'rigshare:route-paths',
    setup(api) {
      api.processAssets({ stage: 'additional' }, ({ sources, compilation }) => {
        compilation.emitAsset('route-paths.json', new sources.RawSource(JSON.stringify(paths, null, 2)));
        compilation.emitAsset('route-screens.json', new sources.RawSource(JSON.stringify(screens, null, 2)));
        compilation.emitAsset('contract.json', new sources.RawSource(JSON.stringify({ version: CONTRACT_VERSION }, null, 2)));
      });
    },
  };
}

export function remoteConfig({ name, port, paths, routes, ownPage }: RemoteOptions) {
  return defineConfig({
    ...commonConfig,
    plugins: [
      ...commonConfig.plugins!,
      // The shell's bundler runtime, not one of its own (bundler-runtime/take.ts): contract version 3.
      federationRuntimeAsEsModules({ bundlerRuntime: 'from-shell' }),
      pluginModuleFederation({
        name: `rigshare_${name}`,
        filename: REMOTE_ENTRY_FILE,
        exposes: { './routes': './src/routes.tsx' },
        // None of the shared libraries of its own: the shell provides every one (contract version 3),
        // so the copies a remote used to bring were never used (0.9 KB brotli of its container).
        shared: sharedWith(() => ({ import: false })),
        shareStrategy: 'loaded-first',
        dts: false,
        // No federation runtime of its own (~15 KiB brotli per remote entry): it takes the shell's.
        // Such a remote cannot start in a shell that does not provide it, hence contract version 2.
        // A remote loads no other remote (this config has no `remotes`), so its container leaves out
        // the code that would (`disableRemote`, 0.6 KB brotli); giving it remotes means taking that out.
        experiments: { optimization: { ...WEB_ONLY, disableRemote: true }, externalRuntime: true },
      }),
      routePathsPlugin(paths, routes.map((route) => route.path)),
    ],
    source: { ...commonConfig.source, entry: { index: path.join(__dirname, 'remote-entry.ts') } },
    html: {
      template: path.join(__dirname, 'remote-page.html'),
      templateParameters: { title: `Rigshare ${name}`, ownPage },
      inject: false,
    },
    // Chunks load from the remote's own origin, wherever the manifest was fetched from.
    output: { ...commonConfig.output, assetPrefix: 'auto' },
    server: { port, cors: true },
  });
}
