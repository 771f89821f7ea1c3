import { onThisOrigin } from './runtime-config';

it('a path in config.json or remotes.json is on the origin the shell was opened from', () => {
  expect(onThisOrigin('/api/user', 'https://app.example.com/#/login')).toBe('https://app.example.com/api/user');
  expect(onThisOrigin('/remotes/wallet/remoteEntry.js', 'http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/remotes/wallet/remoteEntry.js');
  // Absolute URLs (remotes on their own origins) stay as written; a protocol-relative one is not a path.
  expect(onThisOrigin('http://localhost:3001/remoteEntry.js', 'https://app.example.com/')).toBe('http://localhost:3001/remoteEntry.js');
  expect(onThisOrigin('//cdn.example.com/x', 'https://app.example.com/')).toBe('//cdn.example.com/x');
});
