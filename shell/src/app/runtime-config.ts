import { parseRemotesDocument, parseRuntimeConfig, type RemotesDocument, type RuntimeConfig } from '@rigshare/contract';

/**
 * Where the API hosts and the remotes live is decided at deploy time: the shell fetches these two
 * documents from its own origin at start (never cached), so moving a remote needs no rebuild.
 */
async function fetchJson(file: string): Promise<unknown> {
  const response = await fetch(`${file}?t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return response.json();
}

export async function loadRuntimeConfig(): Promise<[RuntimeConfig, RemotesDocument]> {
  const [config, remotes] = await Promise.all([fetchJson('config.json'), fetchJson('remotes.json')]);
  return [parseRuntimeConfig(config), parseRemotesDocument(remotes)];
}
