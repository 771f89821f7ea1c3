import type { ServiceHost } from '@rigshare/domain';
import type { paths } from './generated/openapi-paths';

/**
 * The API's routes as the browser spells them, taken from the table `npm run openapi` generates
 * from the server's registrations (docs/openapi.json). A path the server does not declare for that
 * method does not type-check, so renaming a route on the server fails to compile at every caller.
 */

export type { paths as ApiPaths } from './generated/openapi-paths';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

type DeclaredPath = keyof paths;

/** A declared path with each `{parameter}` open to any text: `/admin/members/{id}` -> `/admin/members/${string}`. */
type Spelled<Path extends string> = Path extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Spelled<Tail>}` : Path;

/** Every full path (`/api/user/team/info`, `/admin/members/${string}`) the server answers with this method. */
export type ApiPath<Method extends HttpMethod> = {
  [Path in DeclaredPath]: paths[Path] extends Record<Lowercase<Method>, object> ? Spelled<Path> : never;
}[DeclaredPath];

/** A member route's path below its service host (`/api/<host>/`), e.g. `team/info` on `user`. */
export type MemberPath<Host extends ServiceHost, Method extends HttpMethod> =
  ApiPath<Method> extends infer Path ? (Path extends `/api/${Host}/${infer Rest}` ? Rest : never) : never;

/** A host and one of its paths, as a pair: the path must belong to that host. */
export type MemberRoute<Method extends HttpMethod> = { [Host in ServiceHost]: [host: Host, path: MemberPath<Host, Method>] }[ServiceHost];

/** A staff route's path below `/admin`, e.g. `/members/${string}`. */
export type StaffPath<Method extends HttpMethod> = ApiPath<Method> extends infer Path ? (Path extends `/admin${infer Rest}` ? Rest : never) : never;
