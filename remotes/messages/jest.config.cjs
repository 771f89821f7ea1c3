module.exports = require('../../tools/jest/screen-tests.cjs')(require('../../jest.preset.cjs'));
