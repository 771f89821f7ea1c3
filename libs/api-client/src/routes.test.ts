import { get } from './client';
import type { ServerRequest } from './server-api';
import type { StaffRequest } from './staff-api';

/**
 * The route table at work: these lines are checked by `typecheck`, which fails when a call the
 * server does not declare compiles (an `@ts-expect-error` with no error is itself an error).
 */
it('takes only the routes the server declares, on their host and with their method', () => {
  const member: ServerRequest[] = [
    { host: 'assets', path: 'user/balance' },
    { host: 'orders', path: 'mine/order/create', method: 'POST' },
    // @ts-expect-error: no such path on the host
    { host: 'assets', path: 'user/balanc' },
    // @ts-expect-error: the path belongs to another host
    { host: 'user', path: 'user/balance' },
    // @ts-expect-error: the route takes POST only
    { host: 'orders', path: 'mine/order/create' },
  ];
  const staff: StaffRequest[] = [
    { path: '/members/7' },
    { path: '/session', method: 'DELETE' },
    // @ts-expect-error: staff paths are below /admin, with no /api/<host>
    { path: '/api/admin/members' },
    // @ts-expect-error: the route takes GET only
    { path: '/dashboard', method: 'POST' },
  ];
  // @ts-expect-error: get() takes the same table
  const typo = () => get('user', 'user/infos');
  expect([member.length, staff.length, typeof typo]).toEqual([5, 4, 'function']);
});
