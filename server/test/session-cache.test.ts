import { SessionCache } from '../src/caches/session-cache';

const session = (userId: number) => ({ userId, expiresAt: 10_000, frozen: false });

it('keeps a session for its few seconds and never past the session’s own end', () => {
  const cache = new SessionCache(5_000);
  cache.store('a', session(1), 0, cache.lookupStarted());
  cache.store('b', { ...session(2), expiresAt: 3_000 }, 0, cache.lookupStarted());
  expect(cache.get('a', 4_999)).toEqual(session(1));
  expect(cache.get('b', 3_000)).toBeNull();
  expect(cache.get('a', 5_000)).toBeNull();
});

it('does not keep what a lookup read while this process revoked a session', () => {
  const cache = new SessionCache(5_000);
  const startedAt = cache.lookupStarted();
  cache.drop({ memberId: 1 });
  cache.store('a', session(1), 0, startedAt);
  expect(cache.get('a', 1)).toBeNull();
});

it('drops a token, or every token of a member, at once; keeps no more than its limit; 0 seconds keeps nothing', () => {
  const cache = new SessionCache(5_000, 2);
  for (const [token, user] of [['a', 1], ['b', 1], ['c', 2]] as const) cache.store(token, session(user), 0, cache.lookupStarted());
  expect(cache.size).toBe(2);
  expect(cache.get('a', 1)).toBeNull();
  cache.drop({ memberId: 1 });
  expect(cache.get('b', 1)).toBeNull();
  expect(cache.get('c', 1)).toEqual(session(2));
  cache.drop({ tokenHash: 'c' });
  expect(cache.size).toBe(0);

  const off = new SessionCache(0);
  off.store('a', session(1), 0, off.lookupStarted());
  expect(off.get('a', 0)).toBeNull();
});

it('keeps nothing while it may miss another instance’s revocations, and keeps again once it can hear them', async () => {
  const cache = new SessionCache(5_000);
  const heard: unknown[] = [];
  cache.announce = async (revocation) => void heard.push(revocation);
  cache.store('a', session(1), 0, cache.lookupStarted());
  cache.suspend();
  expect(cache.get('a', 1)).toBeNull();
  cache.store('a', session(1), 1, cache.lookupStarted());
  expect(cache.size).toBe(0);
  cache.resume();
  cache.store('a', session(1), 2, cache.lookupStarted());
  await cache.changed({ memberId: 1 });
  expect(cache.get('a', 3)).toBeNull();
  expect(heard).toEqual([{ memberId: 1 }]);
});
