/** The staff feature's public module: staff accounts, sessions with TOTP, the /admin guard and routes. */
export { createStaff, revokeStaffSessions, staffForCommand, isStaffRole, openStaffSessions, touchStaffSession, type StaffAccount } from './accounts';
export { staffRoutes } from './routes';
export type { AdminRouteEntry } from './guard';
