// The workspace's lint (../eslint.config.mjs) plus the server's own boundaries between features
// (docs/architecture.md, "Server features"):
// 1. each feature is used only through its public module, src/features/<feature>/index.ts;
// 2. a feature imports only the features below it (FEATURE_DEPENDENCIES); no cycles;
// 3. the layers under the features (ledger, audit, notices, settings, jobs, security, sms, i18n, content) import no feature;
//    db/ imports only accounts (the demo member in the seed);
// 4. the operator command line prints only through src/cli/output.ts, which makes members' text inert.
import root from '../eslint.config.mjs';

/** What each feature may import (only through that feature's index.ts). Keep in step with docs/architecture.md. */
const FEATURE_DEPENDENCIES = {
  files: [],
  accounts: [],
  coupons: [],
  chain: ['messages'],
  messages: ['files'],
  products: ['files'],
  system: ['chain', 'files'],
  orders: ['coupons', 'files', 'products'],
  income: ['orders'],
  exchange: ['orders'],
  'agreement-pdf': ['accounts', 'products'],
  wallet: ['accounts', 'exchange', 'income', 'messages', 'orders'],
  community: ['files', 'messages'],
  team: ['files', 'messages'],
  solvency: [],
  staff: ['accounts', 'community', 'coupons', 'exchange', 'files', 'income', 'messages', 'products', 'system', 'team', 'wallet'],
};
const FEATURES = Object.keys(FEATURE_DEPENDENCIES);
const alternation = (names) => names.join('|');

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

export default [
  ...root,
  ...FEATURES.map((feature) => {
    const forbidden = FEATURES.filter((other) => other !== feature && !FEATURE_DEPENDENCIES[feature].includes(other));
    const patterns = [];
    if (forbidden.length > 0) {
      patterns.push({
        regex: `^\\.\\./(${alternation(forbidden)})(/|$)`,
        message: `${feature} may import ${FEATURE_DEPENDENCIES[feature].length > 0 ? `only ${FEATURE_DEPENDENCIES[feature].join(', ')}` : 'no other feature'} (server/eslint.config.mjs, docs/architecture.md).`,
      });
    }
    return {
      files: [`src/features/${feature}/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_FROM_FEATURE, ...patterns] }] },
    };
  }),
  {
    files: ['src/*.ts', 'src/cli/**/*.ts', 'src/plugins/**/*.ts', 'src/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_FROM_OUTSIDE] }] },
  },
  {
    files: ['src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [DEEP_FROM_OUTSIDE, { regex: `(^|/)features/(${alternation(FEATURES.filter((f) => f !== 'accounts'))})($|/)`, message: 'db/ may import only the accounts feature.' }] },
      ],
    },
  },
  {
    // The demo seed places its orders through the purchase service: its units sold are orders (docs/ledger.md, "Seed").
    files: ['src/db/seed/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DEEP_FROM_OUTSIDE,
            { regex: `(^|/)features/(${alternation(FEATURES.filter((f) => f !== 'accounts' && f !== 'orders'))})($|/)`, message: 'The seed may import only the accounts and orders features.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ledger/**/*.ts', 'src/audit/**/*.ts', 'src/notices/**/*.ts', 'src/settings/**/*.ts', 'src/jobs/**/*.ts', 'src/security/**/*.ts', 'src/sms/**/*.ts', 'src/email/**/*.ts', 'src/outbox/**/*.ts', 'src/i18n/**/*.ts', 'src/content/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)features(/|$)', message: 'The layers under the features import no feature.' }] }] },
  },
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
