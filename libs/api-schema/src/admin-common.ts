/**
 * What every part of the staff console's API (/admin/*) shares: the roles, the guard's errors and the
 * shapes of a list and of an action on one object. Each area of the console has its own schema module
 * (admin-<area>.ts) built from these; admin.ts puts them together into one route table.
 */
import { errors, Id, Ok, Page, PagingQuery, Text, Type, type Static } from './common';

export const tags = ['admin'];

export const STAFF_ROLES = ['support', 'finance', 'content', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const StaffRoleSchema = Type.Unsafe<StaffRole>(Type.Union(STAFF_ROLES.map((r) => Type.Literal(r))));

/** The errors every guarded route may answer besides its own. */
export const GUARD = [400, 401, 403] as const;

export const IdParams = Type.Object({ id: Id() });
export type IdParams = Static<typeof IdParams>;

export const Reason = Type.Object({ reason: Text(500, { minLength: 1 }) });

/** A paged list of one item shape. */
export const list = <T extends Parameters<typeof Page>[0]>(summary: string, item: T) => ({ tags, summary, querystring: PagingQuery, response: { 200: Ok(Page(item)), ...errors(...GUARD) } }) as const;

/** An action on one object by id: 404 when it does not exist, 409 when its state refuses the action. */
export const action = <B extends ReturnType<typeof Type.Object>, R extends ReturnType<typeof Type.Object>>(summary: string, body: B, result: R) =>
  ({ tags, summary, params: IdParams, body, response: { 200: Ok(result), ...errors(...GUARD, 404, 409) } }) as const;

/** One row of the route table: path, method and the roles allowed besides admin (null: open, the login). */
export interface AdminRouteSpec {
  method: string;
  url: string;
  roles: readonly StaffRole[] | null;
}
