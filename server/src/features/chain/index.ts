/** The on-chain USDT deposits feature's public module (docs/chain-deposits.md). */
export { chainDepositProblems, chainStatus, watcherProgress } from './deposits';
export { chainDepositRoutes } from './routes';
export { scanOnce } from './scan';
export { chainOffReason, OFF_LOG_LINES } from './status';
export { startChainWatcher } from './watcher';
