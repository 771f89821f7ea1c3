const withEsmPackages = require('../../tools/jest/esm-packages.cjs');

module.exports = withEsmPackages({ ...require('../../jest.preset.cjs') }, ['typebox']);
