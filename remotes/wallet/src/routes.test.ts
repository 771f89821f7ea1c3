import remote from './routes';
import { OWNED_PATHS } from './paths';

describe('the route table', () => {
  it('serves only paths this remote declares it owns, each once', () => {
    const paths = remote.routes.map((route) => route.path);
    for (const path of paths) expect(OWNED_PATHS).toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('names the wallet namespace and lands on /user/balance at depth 2', () => {
    expect(remote.name).toBe('wallet');
    expect(remote.namespace).toBe('wallet');
    expect(remote.routes.find((route) => route.path === '/user/balance')?.depth).toBe(2);
  });
});
