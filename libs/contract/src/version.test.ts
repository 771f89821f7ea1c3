import { CONTRACT_VERSION, SUPPORTED_CONTRACT_VERSIONS, supportsContractVersion, UnsupportedContractError } from './version';

it('a shell supports the version it is built with, and a remote that states none is version 1', () => {
  expect(SUPPORTED_CONTRACT_VERSIONS).toContain(CONTRACT_VERSION);
  expect(supportsContractVersion(CONTRACT_VERSION)).toBe(true);
  expect(supportsContractVersion(undefined, [1])).toBe(true);
  expect(supportsContractVersion(undefined, [2])).toBe(false);
});

it('refuses a version the shell does not list, newer or older', () => {
  expect(supportsContractVersion(2, [1])).toBe(false);
  expect(supportsContractVersion(1, [2, 3])).toBe(false);
  expect(supportsContractVersion(2, [1, 2])).toBe(true);
});

it('names the remote and both sides\' versions', () => {
  expect(new UnsupportedContractError('wallet', 7).message).toBe(`remote "wallet" was built against contract version 7; this shell supports ${SUPPORTED_CONTRACT_VERSIONS.join(', ')}`);
});
