const preset = require('../../jest.preset.cjs');

// Screen tests wait as long as a loaded machine needs for what a screen shows (see the file).
module.exports = { ...preset, setupFilesAfterEnv: [require.resolve('../../tools/jest/screen-waits.cjs')] };
