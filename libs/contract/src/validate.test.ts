import { parseRemotesDocument, parseRuntimeConfig } from './validate';

const good = {
  remotes: [
    { name: 'products', entry: 'http://localhost:3001/remoteEntry.js', paths: ['/projects', '/index/detail'] },
    { name: 'wallet', entry: 'https://wallet.example.com/remoteEntry.js', paths: ['/user/balance'] },
  ],
};

describe('remotes.json', () => {
  it('accepts a well-formed document', () => {
    expect(parseRemotesDocument(good).remotes.map((r) => r.name)).toEqual(['products', 'wallet']);
  });
  it('names the remote whose entry is not an absolute URL of a script', () => {
    const problem = 'remote "products" needs "entry": an absolute http(s) URL of its remoteEntry.js';
    expect(() => parseRemotesDocument({ remotes: [{ ...good.remotes[0], entry: '/remoteEntry.js' }] })).toThrow(problem);
    // A document written before remotes were registered by their container has only `manifest`.
    const { entry, ...manifestOnly } = good.remotes[0];
    expect(() => parseRemotesDocument({ remotes: [{ ...manifestOnly, manifest: entry.replace('remoteEntry.js', 'mf-manifest.json') }] })).toThrow(problem);
  });
  it('refuses a path owned by two remotes', () => {
    const bad = { remotes: [good.remotes[0], { ...good.remotes[1], paths: ['/projects'] }] };
    expect(() => parseRemotesDocument(bad)).toThrow('path /projects is owned by both "products" and "wallet"');
  });
  it('keeps the paths a remote has screens for, which must be paths it owns', () => {
    const withScreens = { remotes: [{ ...good.remotes[0], screens: ['/projects'] }] };
    expect(parseRemotesDocument(withScreens).remotes[0].screens).toEqual(['/projects']);
    expect(parseRemotesDocument(good).remotes[0].screens).toBeUndefined();
    const bad = { remotes: [{ ...good.remotes[0], screens: ['/user/balance'] }] };
    expect(() => parseRemotesDocument(bad)).toThrow('remote "products" has "screens" that are not among its paths');
  });
  it('keeps a staff audience and refuses any other', () => {
    const staff = { remotes: [{ ...good.remotes[0], audience: 'staff' }] };
    expect(parseRemotesDocument(staff).remotes[0].audience).toBe('staff');
    expect(parseRemotesDocument(good).remotes[0].audience).toBeUndefined();
    expect(() => parseRemotesDocument({ remotes: [{ ...good.remotes[0], audience: 'public' }] })).toThrow('remote "products" has an "audience" other than "staff"');
  });
  it('refuses a remote listed twice and a missing list', () => {
    expect(() => parseRemotesDocument({ remotes: [good.remotes[0], good.remotes[0]] })).toThrow('listed twice');
    expect(() => parseRemotesDocument({})).toThrow('expected { "remotes": [...] }');
  });
});

describe('config.json', () => {
  it('needs absolute API host URLs', () => {
    expect(parseRuntimeConfig({ apiHosts: { user: 'http://localhost:3100/api/user' } }).apiHosts.user).toBe('http://localhost:3100/api/user');
    expect(() => parseRuntimeConfig({ apiHosts: { user: '/api/user' } })).toThrow('apiHosts.user must be an absolute http(s) URL');
  });
});

describe('contract version in remotes.json', () => {
  it('keeps the version a remote states and refuses one that is not a version number', () => {
    const stated = { remotes: [{ ...good.remotes[0], contract: 2 }] };
    expect(parseRemotesDocument(stated).remotes[0].contract).toBe(2);
    expect(parseRemotesDocument(good).remotes[0].contract).toBeUndefined();
    for (const contract of [0, 1.5, '1', null]) {
      expect(() => parseRemotesDocument({ remotes: [{ ...good.remotes[0], contract }] })).toThrow('remote "products" has a "contract" that is not a version number');
    }
  });
});
