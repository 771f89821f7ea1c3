import { routeTableProblems } from '@rigshare/contract';
import remote from './routes';
import { OWNED_PATHS } from './paths';

it('serves only the paths the messages remote owns, each once, in its own namespace', () => {
  expect(remote.name).toBe('messages');
  expect(routeTableProblems(remote, OWNED_PATHS)).toEqual([]);
});
