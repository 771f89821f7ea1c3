/**
 * The files of the federation runtime our build relies on beyond its public API, each with its SHA-256
 * as it was when checked: the modules the shell's build replaces (snapshots-off.ts,
 * shared-fallbacks-off.ts) and the modules that import them, whose calls the replacements answer; the
 * file a remote imports by path (bundler-runtime/take.ts); and the bundler runtime's index, whose
 * default export take.ts rebuilds. package.json and shell/package.json pin the federation packages to
 * CHECKED_VERSION exactly (they pin each other), and runtime-private-files.test.ts fails when a file
 * differs, naming what to check again. The public hooks that would make these unnecessary are in
 * docs/decisions.md ("The federation runtime's private modules").
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { packageDir, versionOf } from './kits';

/** The version of every @module-federation package the files below were checked in. */
export const CHECKED_VERSION = '2.9.2';

export const RUNTIME_CORE = '@module-federation/runtime-core';
export const BUNDLER_RUNTIME = '@module-federation/webpack-bundler-runtime';

interface PrivateFile {
  packageName: string;
  file: string;
  sha256: string;
  /** Which of our files depends on it, and how: what to check again when it changes. */
  reliedOnBy: string;
}

const SNAPSHOTS_OFF = 'snapshots-off.ts (replaces it, or answers what it asks of the replaced modules)';
const FALLBACKS_OFF = 'shared-fallbacks-off.ts (replaces it, or answers what it asks of the replaced modules)';

export const PRIVATE_FILES: readonly PrivateFile[] = [
  { packageName: RUNTIME_CORE, file: 'dist/plugins/snapshot/SnapshotHandler.js', sha256: '75b26f07988459b52bcd089580aa8abd302878ff27e08d62f47b4292cf6cb22c', reliedOnBy: SNAPSHOTS_OFF },
  { packageName: RUNTIME_CORE, file: 'dist/utils/preload.js', sha256: '195d4ee89d93f554c680617853a16502c422ff16f77685cfde12c76e6123b55d', reliedOnBy: SNAPSHOTS_OFF },
  { packageName: RUNTIME_CORE, file: 'dist/core.js', sha256: '55a55b40717937d0b8e34a0b55877336e03eec270a23313163b147459186a788', reliedOnBy: SNAPSHOTS_OFF },
  { packageName: RUNTIME_CORE, file: 'dist/remote/index.js', sha256: '9eab37772eb0cfad4d1ce39893b6abf44837e1ae2b0598e9e7a68efd7665527d', reliedOnBy: SNAPSHOTS_OFF },
  { packageName: RUNTIME_CORE, file: 'dist/helpers.js', sha256: 'c8d9b55ca792b2bacfd78f88bfbe4285b1637f1137fb857f03a9c3c7cae4d2c2', reliedOnBy: SNAPSHOTS_OFF },
  { packageName: RUNTIME_CORE, file: 'dist/plugins/generate-preload-assets.js', sha256: '0bc1fe94c85331f7621a117a328c5f8cbf7c9f3b7f1a1930cf49b371995baa24', reliedOnBy: SNAPSHOTS_OFF },
  { packageName: RUNTIME_CORE, file: 'dist/plugins/snapshot/index.js', sha256: 'a5ecddf536c4ed13572fa6ecd1040f259f0d49c7b89b2d8d3133c57b04e36923', reliedOnBy: SNAPSHOTS_OFF },
  { packageName: BUNDLER_RUNTIME, file: 'dist/init.js', sha256: '4fa02ee9e6b0b019bd1e7ba7eea52436308780a1e58042d4fb58cfb2ff36f244', reliedOnBy: FALLBACKS_OFF },
  { packageName: BUNDLER_RUNTIME, file: 'dist/getSharedFallbackGetter.js', sha256: '0215ce1bd34fb434036636a6923d5627322888933525bca917057ba0426e524f', reliedOnBy: FALLBACKS_OFF },
  {
    packageName: BUNDLER_RUNTIME,
    file: 'dist/initContainerEntry.js',
    sha256: 'e3cb4881e901ce9f589af00a5bfa3662b923cb64fde73eff8b8aaa87b7ebc605',
    reliedOnBy: 'bundler-runtime/take.ts (imports it by path)',
  },
  {
    packageName: BUNDLER_RUNTIME,
    file: 'dist/index.js',
    sha256: '5bf3c54a814a305fdaca00b2172b965ce0365e1e0af6c355329afd03e9364bc7',
    reliedOnBy: `${FALLBACKS_OFF}; bundler-runtime/take.ts (rebuilds its default export)`,
  },
];

/** What differs between the installed federation runtime and the one checked: empty when nothing does. */
export function changedPrivateFiles(): string[] {
  const changes: string[] = [];
  for (const packageName of new Set(PRIVATE_FILES.map((file) => file.packageName))) {
    const installed = versionOf(packageName);
    if (installed !== CHECKED_VERSION) changes.push(`${packageName} is ${installed}, checked was ${CHECKED_VERSION}`);
  }
  for (const { packageName, file, sha256, reliedOnBy } of PRIVATE_FILES) {
    const where = path.join(packageDir(packageName), file);
    const now = fs.existsSync(where) ? crypto.createHash('sha256').update(fs.readFileSync(where)).digest('hex') : 'gone';
    if (now !== sha256) changes.push(`${packageName}/${file} ${now === 'gone' ? 'is gone' : 'changed'}: check tools/rsbuild/${reliedOnBy}`);
  }
  return changes;
}
