/**
 * The same shell and routes as ONE app, for `npm run bench:web`'s comparison: no federation, the
 * remotes' route modules imported from the shell's bundle (runtime.ts replaces the federation
 * runtime), entered through entry.ts. Same React plugin, aliases, minification and chunk splitting
 * as the federated apps.
 */
import path from 'node:path';
import { defineConfig } from '@rsbuild/core';
import { SHELL_FIRST_LOAD, compileHintsPlugin } from '../../rsbuild/compile-hints';
import { commonConfig, shellHtml } from '../../rsbuild/federation';
import { firstPaintPlugin } from '../../rsbuild/first-paint';
import { firstPaint } from '../../../shell/src/first-paint/build-options';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const runtime = path.join(__dirname, 'runtime.ts');

export default defineConfig({
  ...commonConfig,
  // The same first paint and compile hints as the shell's, so the two builds' scores compare like for like.
  plugins: [
    ...commonConfig.plugins!,
    compileHintsPlugin(SHELL_FIRST_LOAD),
    firstPaintPlugin({ ...firstPaint, resolve: commonConfig.resolve }),
  ],
  root: path.join(ROOT, 'shell'),
  resolve: {
    ...commonConfig.resolve,
    alias: {
      ...commonConfig.resolve!.alias,
      '@module-federation/enhanced/runtime$': runtime,
      [path.join(ROOT, 'shell/src/app/remote-entry-loading')]: runtime,
    },
  },
  source: { ...commonConfig.source, entry: { index: path.join(__dirname, 'entry.ts') } },
  html: shellHtml,
  output: { ...commonConfig.output, distPath: { root: process.env.MONOLITH_DIST ?? path.join(ROOT, 'tools', 'bench', 'monolith', 'dist') } },
});
