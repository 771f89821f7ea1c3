/**
 * The ports of this jest worker's stack. Browser test files run in parallel workers, each starting its
 * own API and static servers, so each worker takes its own block: the shell at E2E_SHELL_PORT (default
 * 3200) and the remotes after it, the API at E2E_API_PORT (default 3290) and, in the fleet, the second
 * instance and Redis after it; worker n moves both by (n - 1) × PORTS_PER_WORKER.
 */
export const PORTS_PER_WORKER = 20;

export function workerPorts(env: NodeJS.ProcessEnv = process.env): { shellPort: number; apiPort: number } {
  const worker = Math.max(1, Number(env.JEST_WORKER_ID ?? 1));
  const offset = (worker - 1) * PORTS_PER_WORKER;
  return { shellPort: Number(env.E2E_SHELL_PORT ?? 3200) + offset, apiPort: Number(env.E2E_API_PORT ?? 3290) + offset };
}
