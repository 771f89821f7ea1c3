// Starts a real Hardhat node per test file: give the child process time under CI load.
module.exports = { ...require('../../jest.preset.cjs'), testTimeout: 60000 };
