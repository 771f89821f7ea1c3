import { routeTableProblems } from './route-table';

const Screen = () => null;

it('accepts a table that serves only owned paths, once each', () => {
  const remote = { name: 'team', namespace: 'team', routes: [{ path: '/index/friend', Component: Screen, depth: 1 }] };
  expect(routeTableProblems(remote, ['/index/friend', '/index/sign'])).toEqual([]);
});

it('names routes the shell would never send to the remote, duplicates and bad depths', () => {
  const remote = {
    name: 'team',
    namespace: 'teams',
    routes: [
      { path: '/index/friend', Component: Screen, depth: 1 },
      { path: '/index/friend', Component: Screen, depth: 0 },
      { path: '/wallet', Component: Screen, depth: 2 },
    ],
  };
  expect(routeTableProblems(remote, ['/index/friend'])).toEqual([
    '/index/friend is served twice',
    '/index/friend has depth 0; depths start at 1',
    '/wallet is not among the paths team owns',
    'namespace "teams" should be the remote\'s name "team"',
  ]);
});
