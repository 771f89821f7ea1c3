/** The build settings' own checks (no build, no browser). */
module.exports = { ...require('../../jest.preset.cjs'), rootDir: __dirname, testMatch: ['<rootDir>/*.test.ts'] };
