import { isUsableServiceLink } from './service-link';

describe('customer-service link', () => {
  it('treats a missing or short link as no service', () => {
    expect(isUsableServiceLink(null)).toBe(false);
    expect(isUsableServiceLink(undefined)).toBe(false);
    expect(isUsableServiceLink('http:/')).toBe(false);
    // Spaces around a short link do not make it long enough.
    expect(isUsableServiceLink('   t.me/x   ')).toBe(false);
  });

  it('accepts a link of 8 characters or more', () => {
    expect(isUsableServiceLink('t.me/abc')).toBe(true);
    expect(isUsableServiceLink('https://chat.example.test/room')).toBe(true);
  });
});
