/** Shared jest settings: ts-jest compiles TypeScript to CommonJS; type checking is the typecheck target's job. */
const path = require('path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        // isolatedModules in the tsconfig makes ts-jest transpile only (fast, no type check).
        tsconfig: { module: 'CommonJS', moduleResolution: 'node', jsx: 'react-jsx', esModuleInterop: true, target: 'ES2022', isolatedModules: true },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  // antd-mobile's CommonJS build requires its .css files, which mean nothing to jsdom.
  moduleNameMapper: { '\\.css$': path.join(__dirname, 'tools/jest/style-stub.cjs') },
  setupFiles: [path.join(__dirname, 'tools/jest/polyfills.cjs')],
  testMatch: ['**/?(*.)test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
