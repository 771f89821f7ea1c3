import { liveUrl } from './live-channel';

it('opens the live channel beside the API: ws for http, wss for https, the page\'s origin for same-origin hosts', () => {
  expect(liveUrl({ user: 'http://localhost:3100/api/user' }, 'http://localhost:3000/')).toBe('ws://localhost:3100/api/live');
  expect(liveUrl({ user: 'https://api.rigshare.example/api/user/' }, 'https://rigshare.example/')).toBe('wss://api.rigshare.example/api/live');
  expect(liveUrl({ user: '/api/user' }, 'https://rigshare.example/#/index')).toBe('wss://rigshare.example/api/live');
});
