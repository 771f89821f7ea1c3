import remote from './routes';
import { OWNED_PATHS } from './paths';

describe('the route table', () => {
  it('serves only paths this remote declares it owns', () => {
    for (const route of remote.routes) expect(OWNED_PATHS).toContain(route.path);
  });

  it('has one route per path, and the products tab plus product details', () => {
    const paths = remote.routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(['/projects', '/index/detail']));
    expect(remote.routes.find((route) => route.path === '/projects')?.depth).toBe(1);
    expect(remote.routes.find((route) => route.path === '/index/detail')?.depth).toBe(2);
    expect(remote.widgets?.['home.products']).toBeDefined();
  });
});
