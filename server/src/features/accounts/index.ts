/** The accounts feature's public module: other features, app.ts and the CLI import only this. */
export { accountRoutes } from './routes';
export { checkCaptcha } from './captcha';
export { findMemberById, insertMember } from './members';
export { freezeMember, unfreezeMember, type FreezeState } from './freeze';
export { findLiveSession, findLiveSessions, type LiveSession } from './sessions';
export { registerAuth } from './auth-hook';
export { assertCanSendCode, consumeCode, issueCode } from './verification';
export { chargeSmsBudget, smsBudgetUsed } from './sms-budget';
export { alertSecurityChange } from './security-alerts';
