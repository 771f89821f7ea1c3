import { routeTableProblems } from '@rigshare/contract';
import remote from './routes';
import { OWNED_PATHS } from './paths';

it('serves only the paths the console owns, each once, in its own namespace', () => {
  expect(remote.name).toBe('console');
  expect(routeTableProblems(remote, OWNED_PATHS)).toEqual([]);
});
