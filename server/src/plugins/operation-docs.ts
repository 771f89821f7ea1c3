import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { StaffRoles } from './staff-route-config';

/**
 * What the OpenAPI document says of each operation beyond its schemas: a stable `operationId` and the
 * session it needs. Both are read from the route as registered (its method and path, its preHandler, its
 * staff roles), the same options that enforce the session, so the document cannot drift from the guards.
 */

export const MEMBER_SESSION = 'memberSession';
export const STAFF_SESSION = 'staffSession';

/** Both sessions travel in the same header; which one a route takes is its security requirement. */
export const SECURITY_SCHEMES = {
  [MEMBER_SESSION]: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Access-Token',
    description: 'A member session: the token login puts in msg (POST /api/user/auth/token/pass). Missing or expired: 401.',
  },
  [STAFF_SESSION]: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Access-Token',
    description:
      'A staff session: data.token of POST /admin/session. The requirement lists the staff roles that may run the operation (any one of them); ' +
      'no token or an expired one: 401, another role or a member token: 403.',
  },
} as const;

export type SecurityRequirement = Partial<Record<typeof MEMBER_SESSION | typeof STAFF_SESSION, string[]>>;

/**
 * `METHOD /api/user/auth/token/pass` → `postUserAuthTokenPass`, `/admin/recharges/:id/confirm` →
 * `postAdminRechargesByIdConfirm`: camelCase of the method and the path's words, without the `/api`
 * every member route shares. Fastify allows one route per method and path, so the id is unique as
 * long as two paths do not differ only in punctuation (the contract test checks).
 */
export function operationIdOf(method: string | string[], url: string): string {
  const words = [([] as string[]).concat(method).join('-').toLowerCase()];
  for (const segment of url.split('/').filter(Boolean).filter((s, i) => !(i === 0 && s === 'api'))) {
    const parameter = segment.startsWith(':');
    const parts = segment.replace(/^:/, '').split(/[^A-Za-z0-9]+/).filter(Boolean);
    parts.forEach((part, i) => words.push(`${parameter && i === 0 ? 'By' : ''}${part[0].toUpperCase()}${part.slice(1)}`));
  }
  return words.join('');
}

/**
 * The session a route needs: staff roles in its config (the /admin guard reads them), the member check
 * in its preHandler, or none (`[]`: open, said explicitly). Admin may run every staff route.
 */
export function securityOf(route: Pick<RouteOptions, 'preHandler' | 'config'>, authenticate: unknown): SecurityRequirement[] {
  const staffRoles: StaffRoles | undefined = route.config?.staffRoles;
  if (staffRoles) return [{ [STAFF_SESSION]: ['admin', ...staffRoles.filter((role) => role !== 'admin')] }];
  const preHandlers = ([] as unknown[]).concat(route.preHandler ?? []);
  if (authenticate !== undefined && preHandlers.includes(authenticate)) return [{ [MEMBER_SESSION]: [] }];
  return [];
}

/** @fastify/swagger's `transform`: each operation's schema with its id (unless it names one) and its security. */
export const documentOperation =
  (app: FastifyInstance) =>
  ({ schema, url, route }: { schema: FastifySchema | undefined; url: string; route: RouteOptions }): { schema: FastifySchema; url: string } => {
    const authenticate = app.hasDecorator('authenticate') ? app.authenticate : undefined;
    return { schema: { ...schema, operationId: schema?.operationId ?? operationIdOf(route.method, url), security: securityOf(route, authenticate) }, url };
  };
