export { DEV_CHAIN_ID, startDevChain, type DevChain } from './node';
export { compileToken, connectToken, deployToken, DEPLOYER_KEY, newDeployerKey, resend, transferBatch, type ChainEndpoint, type DevToken, type SentTransfer } from './token';
export { blockNumber, fund, mine, minePending, revert, setAutomine, snapshot } from './control';
export { startRpcCounter, type RpcCounter } from './counter';
export { DEPOSIT_ACCOUNT_PATH, testDepositAddress, testXpub } from './keys';
