import { ADMIN_ROUTES, type StaffRole } from '@rigshare/api-schema';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { findLiveSession } from '../accounts';
import { sha256 } from '../../security/random';
import { touchStaffSession, type StaffAccount } from './accounts';
import type {} from '../../plugins/staff-route-config';

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffAccount | null;
    staffTokenHash: string | null;
  }
  interface FastifyInstance {
    /** Every /admin route as registered, with the roles its config allows (the role matrix test enumerates it). */
    adminRouteTable: AdminRouteEntry[];
  }
}

export interface AdminRouteEntry {
  method: string;
  url: string;
  /** null: open (login, enrolment). Admin may always. */
  roles: readonly StaffRole[] | null;
}

export const mayRun = (role: StaffRole, roles: readonly StaffRole[]) => role === 'admin' || roles.includes(role);

/**
 * The one guard of /admin: every route declares its roles in its config (from ADMIN_ROUTES in the
 * contract); a staff session with one of them (or admin) passes, any other staff role gets 403, a
 * member's token gets 403 and no token or a dead one gets 401. Nothing runs before this check.
 */
export function registerStaffGuard(app: FastifyInstance): void {
  // The table itself is decorated on the root instance (app.ts), so tests and tools see it.
  if (!app.hasDecorator('adminRouteTable')) app.decorate('adminRouteTable', []);
  app.decorateRequest('staff', null);
  app.decorateRequest('staffTokenHash', null);
  app.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) {
      if (method === 'HEAD') continue;
      app.adminRouteTable.push({ method, url: route.url, roles: route.config?.staffRoles ?? null });
    }
  });
  // onRequest: before the body is parsed or validated, so a refused caller learns nothing about the route's input.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const roles = request.routeOptions.config.staffRoles;
    if (roles === undefined) return;
    const { deps } = app;
    const header = request.headers['x-access-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw new AppError(401, 'sessionExpired');
    const tokenHash = sha256(token);
    const now = deps.clock();
    const staff = await touchStaffSession(deps.db.kysely, tokenHash, now, deps.config.staff.idleMinutes);
    if (!staff) {
      if (await findLiveSession(deps.db.kysely, tokenHash, now)) throw new AppError(403, 'staffForbidden');
      throw new AppError(401, 'sessionExpired');
    }
    if (!mayRun(staff.role, roles)) throw new AppError(403, 'staffForbidden');
    request.staff = staff;
    request.staffTokenHash = tokenHash;
  });
}

/** The route options of one contract entry: its method, path and roles. */
export const routeOf = (name: keyof typeof ADMIN_ROUTES): { url: string; config: FastifyContextConfig } => {
  const r = ADMIN_ROUTES[name];
  const roles: readonly StaffRole[] | null = r.roles;
  return { url: r.url.replace(/^\/admin/, '') || '/', config: roles === null ? {} : { staffRoles: roles } };
};
