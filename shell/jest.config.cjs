module.exports = require('../tools/jest/screen-tests.cjs').withScreenWaits(require('../jest.preset.cjs'));
