/** The accounts feature's public module: other features, the CLI and the plugins import only this. */
export { accountRoutes } from './routes';
export { checkCaptcha } from './captcha';
export { findMemberById, insertMember } from './members';
export { freezeMember, unfreezeMember, type FreezeState } from './freeze';
export { findLiveSession, findLiveSessions, type LiveSession } from './sessions';
export { SessionCache, type CachedSession, type Revocation } from './session-cache';
export { ProfileCache, type ProfileChange } from './profile-cache';
export type { AnnouncedCache } from './announced-cache';
export { assertCanSendCode, consumeCode, issueCode } from './verification';
export { alertSecurityChange } from './security-alerts';
