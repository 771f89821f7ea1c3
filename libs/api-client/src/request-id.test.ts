import { randomRequestId, RequestIdKeeper } from './request-id';

function counter() {
  let n = 0;
  return () => `request-${(n += 1)}`;
}

describe('RequestIdKeeper', () => {
  it('keeps one key across retries of the same attempt', () => {
    const keeper = new RequestIdKeeper(counter());
    const first = keeper.idFor('7:2:-');
    expect(keeper.idFor('7:2:-')).toBe(first);
    expect(keeper.idFor('7:2:-')).toBe(first);
  });

  it('starts a new attempt when the content changes (quantity or coupon)', () => {
    const keeper = new RequestIdKeeper(counter());
    const first = keeper.idFor('7:2:-');
    const changed = keeper.idFor('7:3:-');
    expect(changed).not.toBe(first);
    expect(keeper.idFor('7:3:3')).not.toBe(changed);
    // Going back to an earlier content is still a new attempt: the earlier one was never confirmed.
    expect(keeper.idFor('7:2:-')).not.toBe(first);
  });

  it('starts a new attempt after a success, even for the same content', () => {
    const keeper = new RequestIdKeeper(counter());
    const first = keeper.idFor('takeout');
    keeper.settle();
    expect(keeper.idFor('takeout')).not.toBe(first);
  });
});

describe('randomRequestId', () => {
  it('is a v4 UUID within the contract length 8..64, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomRequestId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('falls back to getRandomValues where randomUUID is missing (pages not served over https)', () => {
    const original = globalThis.crypto;
    const getRandomValues = original.getRandomValues.bind(original);
    Object.defineProperty(globalThis, 'crypto', { value: { getRandomValues }, configurable: true });
    try {
      expect(randomRequestId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: original, configurable: true });
    }
  });
});
