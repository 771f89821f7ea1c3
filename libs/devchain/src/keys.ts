import { keccak256, toBytes, type Address } from 'viem';
import { HDKey, hdKeyToAccount } from 'viem/accounts';

/**
 * A fixed test key tree (never Hardhat's well-known mnemonic, so deposit addresses are not its funded
 * accounts). The server is given only the extended PUBLIC key; tests check its addresses against
 * ones derived here from the private side.
 */
const TEST_SEED = toBytes(keccak256(toBytes('rigshare devchain test deposit seed')));
export const DEPOSIT_ACCOUNT_PATH = "m/44'/60'/0'/0";

function root(): HDKey {
  return HDKey.fromMasterSeed(TEST_SEED);
}

/** The account-level extended public key (m/44'/60'/0'/0, "xpub..."): what DEPOSIT_XPUB is set to in tests. */
export function testXpub(): string {
  return root().derive(DEPOSIT_ACCOUNT_PATH).publicExtendedKey;
}

/** The address of child `index` under the test xpub, derived from the private key (an independent check). */
export function testDepositAddress(index: number): Address {
  return hdKeyToAccount(root(), { path: `${DEPOSIT_ACCOUNT_PATH}/${index}` as `m/44'/60'/${string}` }).address;
}
