import { shareSoldPercent } from './share-sold';

describe('shareSoldPercent: the real share sold, never a fixed figure', () => {
  it('is units sold over units offered in whole percent', () => {
    expect(shareSoldPercent(0, 200)).toBe(0);
    expect(shareSoldPercent(50, 200)).toBe(25);
    expect(shareSoldPercent(110, 200)).toBe(55);
    expect(shareSoldPercent(200, 200)).toBe(100);
  });

  it('rounds down, so a product shows 100 only when every unit is sold', () => {
    expect(shareSoldPercent(1, 3)).toBe(33);
    expect(shareSoldPercent(2, 3)).toBe(66);
    expect(shareSoldPercent(999, 1000)).toBe(99);
  });

  it('is 0 when nothing is offered and never exceeds 100 or drops below 0', () => {
    expect(shareSoldPercent(0, 0)).toBe(0);
    expect(shareSoldPercent(5, 0)).toBe(0);
    expect(shareSoldPercent(12, 10)).toBe(100);
    expect(shareSoldPercent(-3, 10)).toBe(0);
  });
});
