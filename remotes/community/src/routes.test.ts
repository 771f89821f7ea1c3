import remote from './routes';
import { OWNED_PATHS } from './paths';

describe('the route table', () => {
  it('serves only paths this remote declares it owns, each once', () => {
    const paths = remote.routes.map((route) => route.path);
    for (const path of paths) expect(OWNED_PATHS).toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('names the community namespace and lands on /dynamic at depth 1', () => {
    expect(remote.name).toBe('community');
    expect(remote.namespace).toBe('community');
    expect(remote.routes.find((route) => route.path === '/dynamic')?.depth).toBe(1);
  });
});
