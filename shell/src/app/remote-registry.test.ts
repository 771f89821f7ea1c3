import type { RemoteEntry } from '@rigshare/contract';
import { servesScreen } from './remote-registry';

const team: RemoteEntry = { name: 'team', entry: 'http://localhost:3003/remoteEntry.js', paths: ['/index/friend', '/index/sign'], screens: ['/index/friend'] };
const wallet: RemoteEntry = { name: 'wallet', entry: 'http://localhost:3002/remoteEntry.js', paths: ['/user/record'] };

it('a link leads to a screen when its remote serves the path, or the path is not a remote\'s', () => {
  expect(servesScreen([team, wallet], '/index/friend')).toBe(true);
  expect(servesScreen([team, wallet], '/index/sign')).toBe(false);
  // A query does not change the screen; a remote that lists no screens serves all it owns.
  expect(servesScreen([team, wallet], '/user/record?type=5')).toBe(true);
  // The shell's own routes.
  expect(servesScreen([team, wallet], '/mine')).toBe(true);
});

it('the link appears once the remote is redeployed with the screen', () => {
  expect(servesScreen([{ ...team, screens: ['/index/friend', '/index/sign'] }], '/index/sign')).toBe(true);
});
