import { onThisOrigin } from './runtime-config';

it('a path in config.json or remotes.json is on the origin the shell was opened from', () => {
  expect(onThisOrigin('/api/user', 'https://app.example.com/#/login')).toBe('https://app.example.com/api/user');
  expect(onThisOrigin('/remotes/wallet/mf-manifest.json', 'http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/remotes/wallet/mf-manifest.json');
  // Absolute URLs (remotes on their own origins) stay as written; a protocol-relative one is not a path.
  expect(onThisOrigin('http://localhost:3001/mf-manifest.json', 'https://app.example.com/')).toBe('http://localhost:3001/mf-manifest.json');
  expect(onThisOrigin('//cdn.example.com/x', 'https://app.example.com/')).toBe('//cdn.example.com/x');
});
