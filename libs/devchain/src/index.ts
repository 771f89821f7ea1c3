export { DEV_CHAIN_ID, startDevChain, type DevChain } from './node';
export { compileToken, deployToken, DEPLOYER_KEY, resend, type DevToken, type SentTransfer } from './token';
export { blockNumber, mine, revert, snapshot } from './control';
export { DEPOSIT_ACCOUNT_PATH, testDepositAddress, testXpub } from './keys';
