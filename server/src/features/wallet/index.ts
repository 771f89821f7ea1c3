/** The wallet feature's public module. */
export { confirmDeposit, pendingDeposits, rejectDeposit } from './deposits';
export { fundPasswordRoutes, walletFeatureRoutes } from './routes';
export { approveWithdrawal, pendingWithdrawals, rejectWithdrawal } from './withdrawals';
