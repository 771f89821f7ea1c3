import { isVideoSiteUrl } from './team';

const SITES = ['youtube.com', 'tiktok.com'];

it('accepts http(s) links on a configured video site or its subdomains', () => {
  expect(isVideoSiteUrl('https://www.youtube.com/watch?v=abc', SITES)).toBe(true);
  expect(isVideoSiteUrl('https://tiktok.com/@me/video/1', SITES)).toBe(true);
  expect(isVideoSiteUrl(' http://m.youtube.com:443/x ', SITES)).toBe(true);
});

it('refuses other sites, look-alike hosts, user@host tricks and other schemes', () => {
  for (const bad of [
    'https://evil.example/watch',
    'https://youtube.com.evil.example/x',
    'https://notyoutube.com/x',
    'https://youtube.com@evil.example/x',
    'javascript:alert(1)',
    'ftp://youtube.com/x',
    'youtube.com/watch',
    '',
  ]) {
    expect(isVideoSiteUrl(bad, SITES)).toBe(false);
  }
});
