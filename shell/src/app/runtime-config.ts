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

/**
 * A URL in the documents may be a path on the shell's own origin ("/api/user", "/remotes/wallet/remoteEntry.js"),
 * as when one proxy serves the shell, the remotes and the API (npm run start:fleet): the browser then
 * makes no cross-origin calls and no CORS preflights. Made absolute here, against the page's address.
 */
export function onThisOrigin(url: unknown, page: string = window.location.href): unknown {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? new URL(url, page).href : url;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function resolveConfig(value: unknown): unknown {
  if (!isObject(value) || !isObject(value.apiHosts)) return value;
  return { ...value, apiHosts: Object.fromEntries(Object.entries(value.apiHosts).map(([host, url]) => [host, onThisOrigin(url)])) };
}

function resolveRemotes(value: unknown): unknown {
  if (!isObject(value) || !Array.isArray(value.remotes)) return value;
  return { ...value, remotes: value.remotes.map((remote) => (isObject(remote) ? { ...remote, entry: onThisOrigin(remote.entry) } : remote)) };
}

export async function loadRuntimeConfig(): Promise<[RuntimeConfig, RemotesDocument]> {
  const [config, remotes] = await Promise.all([fetchJson('config.json'), fetchJson('remotes.json')]);
  return [parseRuntimeConfig(resolveConfig(config)), parseRemotesDocument(resolveRemotes(remotes))];
}
