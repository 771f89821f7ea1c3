import remote from './routes';
import { OWNED_PATHS } from './paths';

describe('the route table', () => {
  it('serves only paths this remote declares it owns, each once', () => {
    const paths = remote.routes.map((route) => route.path);
    for (const path of paths) expect(OWNED_PATHS).toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('names the team namespace and lands on /index/friend at depth 1', () => {
    expect(remote.name).toBe('team');
    expect(remote.namespace).toBe('team');
    expect(remote.routes.find((route) => route.path === '/index/friend')?.depth).toBe(1);
  });
});
