// typebox 1.x ships ESM only (.mjs) while jest here runs CommonJS: ts-jest transpiles its files too.
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  transform: {
    ...preset.transform,
    '^.+/node_modules/typebox/.+\\.m?js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'CommonJS', moduleResolution: 'node', target: 'ES2022', isolatedModules: true } },
    ],
  },
  moduleFileExtensions: [...preset.moduleFileExtensions, 'mjs'],
  transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
};
