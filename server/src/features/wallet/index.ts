/** The wallet feature's public module. */
export { confirmDeposit, pendingDeposits, rejectDeposit } from './deposits';
export { fundPasswordRoutes, walletFeatureRoutes } from './routes';
export { approvalsNeeded, approveWithdrawal, pendingWithdrawals, pendingWithdrawalsWithApprovals, rejectWithdrawal, type WithdrawalDecision } from './withdrawals/staff';
export { createPayChannel, editPayChannel, setPayChannelEnabled, staffPayChannels, type PayChannelTerms, type StaffPayChannel } from './channels';
