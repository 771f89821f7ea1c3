/**
 * Marks the files of the shell's first load for eager compilation (V8's explicit compile hints,
 * Chrome 136 and later): a file that starts with the magic comment has all its functions compiled
 * while it streams in, on a background thread, instead of each one on the main thread the first time
 * it is called. What home runs on start-up (the shared libraries' evaluation, federation's start,
 * the first render) is mostly functions called for the first time, so this takes their compilation
 * out of the long tasks that a phone's member waits through (docs/performance.md, "Long tasks of a
 * first load"). Browsers without the hint read a comment.
 *
 * Only the first load: functions compiled and never called cost memory and background time, so the
 * chunks loaded on demand are left to lazy compilation.
 */
import type { RsbuildPlugin } from '@rsbuild/core';

/** Must be the file's first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The shell's first load (and the monolith's, built from the same entry and chunk names): the entry's files
 * (the shared libraries' chunk and the entry with the federation runtime) and the app's bootstrap chunk.
 */
export const SHELL_FIRST_LOAD = ['index', 'bootstrap'];

/** `chunkGroups`: entry names and `webpackChunkName`s whose JavaScript files get the hint. */
export function compileHintsPlugin(chunkGroups: string[]): RsbuildPlugin {
  return {
    name: 'rigshare:compile-hints',
    setup(api) {
      // After minification (which would drop the comment) and before the files' content hashes and compressed copies.
      api.processAssets({ stage: 'summarize' }, ({ compilation, sources }) => {
        for (const name of chunkGroups) {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`compile hints: no chunk group named "${name}"`);
          for (const file of group.getFiles()) {
            if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        }
      });
    },
  };
}
