import { routeTableProblems } from '@rigshare/contract';
import remote from './routes';
import { OWNED_PATHS } from './paths';

it('serves only the paths the wallet remote owns, each once, in its own namespace', () => {
  expect(remote.name).toBe('wallet');
  expect(routeTableProblems(remote, OWNED_PATHS)).toEqual([]);
});

it('serves every path the wallet owns, so none falls to the shell\'s "not available yet"', () => {
  const served = remote.routes.map((route) => route.path).sort();
  expect(served).toEqual([...OWNED_PATHS].sort());
});

it('uses the SPEC depths for the wallet routes', () => {
  const depth = Object.fromEntries(remote.routes.map((route) => [route.path, route.depth]));
  expect(depth).toMatchObject({ '/user/balance': 2, '/user/cashrecharge': 2, '/user/withdraw': 2, '/user/cashwithdraw': 2, '/user/fundPwd': 2, '/user/withrecord': 3, '/user/recharge': 2, '/user/newrecharge': 2, '/user/pdf': 3, '/user/stock': 5 });
});
