import { testDepositAddress, testXpub } from '@rigshare/devchain';
import { depositAddressAt } from '../src/features/chain/addresses';

/**
 * Known vectors: the account-level xpub (m/44'/60'/0'/0) of the widely published development mnemonic
 * "test test test test test test test test test test test junk" and the addresses every Ethereum tool
 * derives from it (Hardhat's and Anvil's default accounts). Children 0-4 cover both compressed-key
 * prefixes (02 and 03), i.e. both square roots the decompression has to choose between.
 */
const DEV_MNEMONIC_XPUB = 'xpub6DyUKdwoLWmUJ4Tn9Bbsdtx7B5Ws18mEN19e5HT52ikE53FiUheSQXrZUNPovqfyKmw4579A1Mm3GXXKM39N64uooBfJ4tNAzFsEbodRTx4';
const DEV_MNEMONIC_ADDRESSES = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
];

describe('deposit addresses from an xpub', () => {
  it.each(DEV_MNEMONIC_ADDRESSES.map((address, index) => [index, address]))('child %i of the development mnemonic is %s', (index, address) => {
    expect(depositAddressAt(DEV_MNEMONIC_XPUB, index as number)).toBe(address);
  });

  it('agrees with addresses derived from the private keys for the first 40 children of the test tree', () => {
    const xpub = testXpub();
    for (let index = 0; index < 40; index++) expect([index, depositAddressAt(xpub, index)]).toEqual([index, testDepositAddress(index)]);
  });

  it('refuses a private extended key and a hardened or negative index', () => {
    const xprv = 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
    expect(() => depositAddressAt(xprv, 0)).toThrow('DEPOSIT_XPUB is a private key');
    expect(() => depositAddressAt(DEV_MNEMONIC_XPUB, 2 ** 31)).toThrow('Not a non-hardened child index');
    expect(() => depositAddressAt(DEV_MNEMONIC_XPUB, -1)).toThrow('Not a non-hardened child index');
  });
});
