/**
 * @jest-environment jsdom
 */
import { CONTRACT_VERSION, UnsupportedContractError, type RemoteEntry, type RemoteModule } from '@rigshare/contract';

// The Module Federation runtime stands in for the network: each test says what a remote exposes.
const loadRemote = jest.fn<Promise<{ default: RemoteModule }>, [string]>();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (id: string) => loadRemote(id),
  registerPlugins: () => undefined,
  registerRemotes: () => undefined,
}));

// eslint-disable-next-line @typescript-eslint/no-require-imports
const registry = require('./remote-registry') as typeof import('./remote-registry');

const entry = (name: string, contract?: number): RemoteEntry => ({
  name,
  entry: `http://localhost:3001/${name}/remoteEntry.js`,
  paths: [`/${name}`],
  ...(contract === undefined ? {} : { contract }),
});

function exposing(name: string, contractVersion: number | undefined, setup = jest.fn()) {
  const module: RemoteModule = { name, namespace: name, routes: [], loadTranslations: async () => ({}), setup, ...(contractVersion === undefined ? {} : { contractVersion }) };
  return { module, setup };
}

beforeEach(() => loadRemote.mockReset());

it('loads a remote that states the contract version the shell supports', async () => {
  registry.registerRemoteEntries([entry('current', CONTRACT_VERSION)]);
  const { module, setup } = exposing('current', CONTRACT_VERSION);
  loadRemote.mockResolvedValue({ default: module });
  await expect(registry.loadRemoteModule('current')).resolves.toBe(module);
  expect(setup).toHaveBeenCalledTimes(1);
});

it('loads a remote from before contract versions (it states none) as version 1', async () => {
  registry.registerRemoteEntries([entry('older')]);
  const { module, setup } = exposing('older', undefined);
  loadRemote.mockResolvedValue({ default: module });
  await expect(registry.loadRemoteModule('older')).resolves.toBe(module);
  expect(setup).toHaveBeenCalledTimes(1);
});

it('does not load a remote whose remotes.json entry states an unsupported version', async () => {
  registry.registerRemoteEntries([entry('newer', CONTRACT_VERSION + 1)]);
  await expect(registry.loadRemoteModule('newer')).rejects.toThrow(new UnsupportedContractError('newer', CONTRACT_VERSION + 1));
  expect(loadRemote).not.toHaveBeenCalled();
});

it('does not set up a remote whose module states an unsupported version, though remotes.json said nothing', async () => {
  registry.registerRemoteEntries([entry('redeployed')]);
  const { module, setup } = exposing('redeployed', CONTRACT_VERSION + 1);
  loadRemote.mockResolvedValue({ default: module });
  const load = registry.loadRemoteModule('redeployed');
  await expect(load).rejects.toBeInstanceOf(UnsupportedContractError);
  expect(setup).not.toHaveBeenCalled();
  // Answering is not coming back: the shell does not poll it nor load it again on its own.
  const onBack = jest.fn();
  registry.whenRemoteBack('redeployed', onBack)();
  registry.retryRemote('redeployed');
  expect(registry.loadRemoteModule('redeployed')).toBe(load);
  expect(loadRemote).toHaveBeenCalledTimes(1);
});
