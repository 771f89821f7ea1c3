const withEsmPackages = require('../tools/jest/esm-packages.cjs');

module.exports = withEsmPackages({ ...require('../jest.preset.cjs'), testTimeout: 30000 }, ['kysely', 'cookie', 'typebox', 'content-disposition', '@scure/base', '@noble/hashes']);
