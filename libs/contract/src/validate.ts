import type { RemotesDocument, RuntimeConfig } from './index';

/**
 * The runtime documents are written at deploy time, by hand or by a script, so the shell checks
 * their shape before trusting them and names what is wrong.
 */
export class RuntimeDocumentError extends Error {
  constructor(document: string, problem: string) {
    super(`${document}: ${problem}`);
    this.name = 'RuntimeDocumentError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseRemotesDocument(value: unknown): RemotesDocument {
  if (!isObject(value) || !Array.isArray(value.remotes)) throw new RuntimeDocumentError('remotes.json', 'expected { "remotes": [...] }');
  const names = new Set<string>();
  const owners = new Map<string, string>();
  const remotes = value.remotes.map((remote, index) => {
    if (!isObject(remote)) throw new RuntimeDocumentError('remotes.json', `remotes[${index}] is not an object`);
    const { name, entry, paths } = remote;
    if (typeof name !== 'string' || !/^[a-z][a-z0-9-]*$/.test(name)) throw new RuntimeDocumentError('remotes.json', `remotes[${index}].name is missing or invalid`);
    if (names.has(name)) throw new RuntimeDocumentError('remotes.json', `remote "${name}" is listed twice`);
    names.add(name);
    if (typeof entry !== 'string' || !/^https?:\/\/.+\.js$/.test(entry)) {
      throw new RuntimeDocumentError('remotes.json', `remote "${name}" needs "entry": an absolute http(s) URL of its remoteEntry.js`);
    }
    if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string' && p.startsWith('/'))) {
      throw new RuntimeDocumentError('remotes.json', `remote "${name}" needs "paths": a list of paths starting with "/"`);
    }
    for (const path of paths as string[]) {
      const owner = owners.get(path);
      if (owner) throw new RuntimeDocumentError('remotes.json', `path ${path} is owned by both "${owner}" and "${name}"`);
      owners.set(path, name);
    }
    const { screens, contract } = remote;
    if (contract !== undefined && !(Number.isInteger(contract) && (contract as number) >= 1)) {
      throw new RuntimeDocumentError('remotes.json', `remote "${name}" has a "contract" that is not a version number`);
    }
    const { audience } = remote;
    if (audience !== undefined && audience !== 'staff') throw new RuntimeDocumentError('remotes.json', `remote "${name}" has an "audience" other than "staff"`);
    const stated = { ...(contract === undefined ? {} : { contract: contract as number }), ...(audience === 'staff' ? { audience: 'staff' as const } : {}) };
    if (screens === undefined) return { name, entry, paths: paths as string[], ...stated };
    if (!Array.isArray(screens) || !screens.every((p) => typeof p === 'string' && (paths as string[]).includes(p))) {
      throw new RuntimeDocumentError('remotes.json', `remote "${name}" has "screens" that are not among its paths`);
    }
    return { name, entry, paths: paths as string[], screens: screens as string[], ...stated };
  });
  return { remotes };
}

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isObject(value) || !isObject(value.apiHosts)) throw new RuntimeDocumentError('config.json', 'expected { "apiHosts": { ... } }');
  for (const [host, url] of Object.entries(value.apiHosts)) {
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new RuntimeDocumentError('config.json', `apiHosts.${host} must be an absolute http(s) URL`);
  }
  return {
    apiHosts: value.apiHosts as Record<string, string>,
    operatorName: typeof value.operatorName === 'string' ? value.operatorName : '',
    androidDownloadUrl: typeof value.androidDownloadUrl === 'string' ? value.androidDownloadUrl : '',
  };
}
