import path from 'node:path';

/**
 * A file of this run's server build (test/server-build.cjs, jest's global setup): `main` the API,
 * `admin` the operator CLI, for a test to run with `node`, as production does.
 */
export function serverBuild(entry: 'main' | 'admin'): string {
  const folder = process.env.RIGSHARE_SERVER_BUILD;
  if (!folder) throw new Error('RIGSHARE_SERVER_BUILD is unset: run the server tests through jest (its global setup builds the server)');
  return path.join(folder, `${entry}.js`);
}
