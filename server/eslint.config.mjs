// The workspace's lint (../eslint.config.mjs) plus the server's own layering (docs/architecture.md,
// "Server layers, features and their direction"):
// 1. the parts of src/ stand in one order, SERVER_LAYERS, and each imports only the parts below it:
//    an import back up, and so a cycle between two parts, fails the lint;
// 2. each feature is used only through its public module, src/features/<feature>/index.ts;
// 3. a feature imports only the features below it (FEATURE_DEPENDENCIES, checked to hold no cycle); the seed only accounts and orders;
// 4. the operator command line prints only through src/cli/output.ts, which makes members' text inert.
// Not checked here: a cycle between files inside one part or one feature (madge --circular finds those).
import { existsSync, readdirSync } from 'node:fs';
import root from '../eslint.config.mjs';

/**
 * The parts of src/, bottom first: a folder or a top-level module (without .ts). Each may import only
 * those before it. Keep in step with docs/architecture.md.
 */
const SERVER_LAYERS = [
  'log-stream', 'clock', 'operator-error', 'batch-queue', 'i18n', 'storage', 'caches', 'content', 'errors', 'config',
  'db', 'events', 'security', 'audit', 'notices', 'ledger', 'settings', 'jobs', 'outbox', 'email', 'sms', 'types', 'metrics', 'plugins',
  'features', 'seed', 'app', 'cli', 'main',
];

/** A new folder or module in src/ is placed in the order before it lints. */
const unplaced = readdirSync(new URL('./src', import.meta.url)).map((name) => name.replace(/\.ts$/, '')).filter((part) => !SERVER_LAYERS.includes(part));
if (unplaced.length > 0) throw new Error(`server/eslint.config.mjs: place ${unplaced.join(', ')} in SERVER_LAYERS`);

/** What each feature may import (only through that feature's index.ts). Keep in step with docs/architecture.md. */
const FEATURE_DEPENDENCIES = {
  files: [],
  accounts: [],
  coupons: [],
  chain: [],
  messages: ['files'],
  products: ['files'],
  system: ['chain', 'files'],
  orders: ['coupons', 'files', 'products'],
  income: ['orders'],
  exchange: [],
  'agreement-pdf': ['accounts', 'products'],
  wallet: ['accounts', 'exchange', 'income'],
  community: ['files'],
  team: ['files'],
  solvency: [],
  staff: ['accounts', 'community', 'coupons', 'exchange', 'files', 'income', 'messages', 'products', 'system', 'team', 'wallet'],
  'track-record': [],
  live: ['accounts', 'staff'],
  monitoring: ['accounts', 'chain'],
};
const FEATURES = Object.keys(FEATURE_DEPENDENCIES);
const alternation = (names) => names.join('|');

/** The table is a direction: a feature that reached itself through it could import in a circle. */
function assertNoFeatureCycle(feature, path = []) {
  if (path.includes(feature)) throw new Error(`server/eslint.config.mjs: FEATURE_DEPENDENCIES has a cycle: ${[...path, feature].join(' -> ')}`);
  for (const next of FEATURE_DEPENDENCIES[feature]) assertNoFeatureCycle(next, [...path, feature]);
}
FEATURES.forEach((feature) => assertNoFeatureCycle(feature));

/** The files of a part of src/: a folder's, or one module's. */
const filesOf = (part) => (existsSync(new URL(`./src/${part}.ts`, import.meta.url)) ? [`src/${part}.ts`] : [`src/${part}/**/*.ts`]);

/** An import, from anywhere in src/, of a part above `part` (a relative path climbing to src/, then the part's name). */
function backUp(part) {
  const above = SERVER_LAYERS.slice(SERVER_LAYERS.indexOf(part) + 1);
  return {
    regex: `^(\\./|(\\.\\./)+)(${alternation(above)})(/|\\.ts$|$)`,
    message: `${part} stands under ${above.join(', ')} and imports none of them (SERVER_LAYERS in server/eslint.config.mjs, docs/architecture.md).`,
  };
}

/** Into another feature's inner modules (anything but its index) from inside a feature. */
const DEEP_FROM_FEATURE = {
  regex: `^\\.\\./(${alternation(FEATURES)})/.+`,
  message: "Import another feature only through its public module: '../<feature>' (its index.ts).",
};
/** Into a feature's inner modules from outside the features. */
const DEEP_FROM_OUTSIDE = {
  regex: `(^|/)features/(${alternation(FEATURES)})/.+`,
  message: "Import a feature only through its public module: '.../features/<feature>' (its index.ts).",
};

/** What a part other than the features may not import, besides the parts above it. */
const ABOVE_FEATURES = SERVER_LAYERS.slice(SERVER_LAYERS.indexOf('features') + 1);
function outsidePatterns(part) {
  const patterns = SERVER_LAYERS.indexOf(part) < SERVER_LAYERS.length - 1 ? [backUp(part)] : [];
  if (ABOVE_FEATURES.includes(part)) patterns.push(DEEP_FROM_OUTSIDE);
  if (part === 'seed') {
    // The demo seed places its orders through the purchase service: its units sold are orders (docs/ledger.md, "Seed").
    patterns.push({ regex: `(^|/)features/(${alternation(FEATURES.filter((f) => f !== 'accounts' && f !== 'orders'))})($|/)`, message: 'The seed may import only the accounts and orders features.' });
  }
  return patterns;
}

export default [
  ...root,
  ...FEATURES.map((feature) => {
    const forbidden = FEATURES.filter((other) => other !== feature && !FEATURE_DEPENDENCIES[feature].includes(other));
    const patterns = [DEEP_FROM_FEATURE, backUp('features')];
    if (forbidden.length > 0) {
      patterns.push({
        regex: `^\\.\\./(${alternation(forbidden)})(/|$)`,
        message: `${feature} may import ${FEATURE_DEPENDENCIES[feature].length > 0 ? `only ${FEATURE_DEPENDENCIES[feature].join(', ')}` : 'no other feature'} (server/eslint.config.mjs, docs/architecture.md).`,
      });
    }
    return {
      files: [`src/features/${feature}/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    };
  }),
  ...SERVER_LAYERS.filter((part) => part !== 'features').map((part) => ({
    files: filesOf(part),
    rules: { 'no-restricted-imports': ['error', { patterns: outsidePatterns(part) }] },
  })),
  {
    // What a command prints may hold members' text: only src/cli/output.ts writes to the terminal, with
    // every interpolated value's control characters written out (docs/operations.md).
    files: ['src/cli/**/*.ts'],
    ignores: ['src/cli/output.ts'],
    rules: {
      'no-console': 'error',
      // A tagged template is how a command prints (say`...`).
      '@typescript-eslint/no-unused-expressions': ['error', { allowTaggedTemplates: true }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'stdout', message: "Print with say`...` of './output'." },
        { object: 'process', property: 'stderr', message: "Print with complain`...` of './output'." },
      ],
    },
  },
];
