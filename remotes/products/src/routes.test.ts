import { routeTableProblems } from '@rigshare/contract';
import remote from './routes';
import { OWNED_PATHS } from './paths';
import english from '../locales/en-US/products.json';

describe('the route table', () => {
  it('serves only paths this remote declares it owns, each once, in its own namespace', () => {
    expect(routeTableProblems(remote, OWNED_PATHS)).toEqual([]);
  });

  it('has one route per path, and the products tab plus product details', () => {
    const paths = remote.routes.map((route) => route.path);
    expect(paths).toEqual(expect.arrayContaining(['/projects', '/index/detail']));
    expect(remote.routes.find((route) => route.path === '/projects')?.depth).toBe(1);
    expect(remote.routes.find((route) => route.path === '/index/detail')?.depth).toBe(2);
    expect(remote.widgets?.['home.products']).toBeDefined();
  });

  it('serves every path it owns: orders, income and coupons at depth 2, order details at depth 3', () => {
    const depths = Object.fromEntries(remote.routes.map((route) => [route.path, route.depth]));
    expect(Object.keys(depths).sort()).toEqual([...OWNED_PATHS].sort());
    for (const path of ['/index/incomePattern', '/user/myorder', '/user/receiveincome', '/user/earn', '/index/getcoupon', '/index/setcoupon', '/index/mycoupon'])
      expect(depths[path]).toBe(2);
    expect(depths['/user/orders']).toBe(3);
  });

  it('gives every screen a title that exists in the English resource', () => {
    const lookup = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], english);
    for (const route of remote.routes) expect(typeof lookup(route.titleKey ?? '')).toBe('string');
    expect(lookup('orders.title')).toBe('My orders');
    expect(lookup('orders.detailTitle')).toBe('Order details');
    expect(lookup('income.title')).toBe('Receive income');
    expect(lookup('income.earnTitle')).toBe('My earnings');
    expect(lookup('pattern.title')).toBe('How income works');
    expect(lookup('coupon.getTitle')).toBe('Get coupons');
    expect(lookup('coupon.myTitle')).toBe('My coupons');
    expect(lookup('coupon.setTitle')).toBe('Choose a coupon');
  });
});
