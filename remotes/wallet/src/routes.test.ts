import { routeTableProblems } from '@rigshare/contract';
import remote from './routes';
import { OWNED_PATHS } from './paths';

it('serves only the paths the wallet remote owns, each once, in its own namespace', () => {
  expect(remote.name).toBe('wallet');
  expect(routeTableProblems(remote, OWNED_PATHS)).toEqual([]);
});

it('leaves the USDT deposit, pdf and stock screens to the shell\'s "not available yet" until they exist', () => {
  const served = remote.routes.map((route) => route.path);
  for (const later of ['/user/recharge', '/user/newrecharge', '/user/pdf', '/user/stock']) expect(served).not.toContain(later);
});

it('uses the SPEC depths for the wallet routes', () => {
  const depth = Object.fromEntries(remote.routes.map((route) => [route.path, route.depth]));
  expect(depth).toMatchObject({ '/user/balance': 2, '/user/cashrecharge': 2, '/user/withdraw': 2, '/user/cashwithdraw': 2, '/user/fundPwd': 2, '/user/withrecord': 3 });
});
