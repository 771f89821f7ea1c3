import { mayAutoplay } from './video-autoplay';

describe('whether home video may autoplay', () => {
  it('plays by itself only on Wi-Fi or a wired connection without data saving', () => {
    expect(mayAutoplay({ type: 'wifi' })).toBe(true);
    expect(mayAutoplay({ type: 'ethernet', saveData: false })).toBe(true);
  });

  it('never on mobile data, a tethered phone or when the member saves data', () => {
    expect(mayAutoplay({ type: 'cellular' })).toBe(false);
    expect(mayAutoplay({ type: 'cellular', saveData: false })).toBe(false);
    expect(mayAutoplay({ type: 'bluetooth' })).toBe(false);
    expect(mayAutoplay({ type: 'wifi', saveData: true })).toBe(false);
  });

  it('never when the browser cannot say what the connection is', () => {
    expect(mayAutoplay(undefined)).toBe(false);
    expect(mayAutoplay(null)).toBe(false);
    // Chrome on a desktop: effectiveType only, no type.
    expect(mayAutoplay({ saveData: false })).toBe(false);
    expect(mayAutoplay({ type: 'unknown' })).toBe(false);
    expect(mayAutoplay({ type: 'other' })).toBe(false);
    expect(mayAutoplay({ type: 'none' })).toBe(false);
  });
});
