import type { RemoteModule } from './index';

/**
 * What is wrong with a remote's route table against the paths it declares it owns (the ones the
 * shell routes to it from remotes.json): a route outside them would never be reached, and a
 * path served twice is ambiguous. Empty when all is well.
 */
export function routeTableProblems(remote: Pick<RemoteModule, 'name' | 'namespace' | 'routes'>, ownedPaths: readonly string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { path, depth } of remote.routes) {
    if (!ownedPaths.includes(path)) problems.push(`${path} is not among the paths ${remote.name} owns`);
    if (seen.has(path)) problems.push(`${path} is served twice`);
    if (!Number.isInteger(depth) || depth < 1) problems.push(`${path} has depth ${depth}; depths start at 1`);
    seen.add(path);
  }
  if (remote.namespace !== remote.name) problems.push(`namespace "${remote.namespace}" should be the remote's name "${remote.name}"`);
  return problems;
}
