import type { RemotesDocument, RuntimeConfig } from '@rigshare/contract';

/**
 * Where the API hosts and the remotes live is decided at deploy time: the shell fetches these two
 * documents from its own origin at start (never cached), so moving a remote needs no rebuild.
 */
async function fetchJson<T>(file: string): Promise<T> {
  const response = await fetch(`${file}?t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

export function loadRuntimeConfig(): Promise<[RuntimeConfig, RemotesDocument]> {
  return Promise.all([fetchJson<RuntimeConfig>('config.json'), fetchJson<RemotesDocument>('remotes.json')]);
}
