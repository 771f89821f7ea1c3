/** Shared jest settings: ts-jest compiles TypeScript to CommonJS; type checking is the typecheck target's job. */
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
  testMatch: ['**/?(*.)test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
