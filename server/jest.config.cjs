const preset = require('../jest.preset.cjs');

// Packages that ship ESM only (kysely 0.29, light-my-request's cookie); jest runs CommonJS here,
// so their files are transpiled like ours.
const ESM_PACKAGES = ['kysely', 'cookie'];

module.exports = {
  ...preset,
  testTimeout: 30000,
  transform: {
    ...preset.transform,
    [`^.+/node_modules/(${ESM_PACKAGES.join('|')})/.+\\.js$`]: [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'CommonJS', moduleResolution: 'node', target: 'ES2022', isolatedModules: true } },
    ],
  },
  transformIgnorePatterns: [`^(?!.*/node_modules/(${ESM_PACKAGES.join('|')})/).*/node_modules/`],
};
