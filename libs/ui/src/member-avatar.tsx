import type { CSSProperties } from 'react';
import { Avatar } from 'antd-mobile';

export interface MemberAvatarProps {
  /** The member's picture; empty or missing: their initial. */
  src?: string | null;
  /** The name shown next to the avatar; its first letter stands in for a missing picture. */
  name: string;
  size?: number;
}

/**
 * Built on first use, not when the module loads: a segmenter loads the browser's break-iterator data,
 * tens of milliseconds of a phone's main thread, and every page that imports this library (home too)
 * would pay for it on its first load whether or not it shows an avatar.
 */
let graphemes: Intl.Segmenter | undefined;

/** The first letter as a reader sees it: a whole grapheme (a Tamil consonant with its vowel sign, an accented letter). */
function initialOf(name: string): string {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const first = graphemes.segment(name.trim())[Symbol.iterator]().next();
  return first.done ? '?' : first.value.segment.toUpperCase();
}

/** A member's picture, or the first letter of their name on the brand's tint: the same member looks the same everywhere. */
export function MemberAvatar({ src, name, size = 48 }: MemberAvatarProps) {
  if (src) {
    const style = { '--size': `${size}px`, '--border-radius': '50%', flex: 'none' } as CSSProperties;
    return <Avatar src={src} style={style} className="rs-member-avatar" data-testid="member-avatar" />;
  }
  return (
    <span className="rs-member-avatar rs-member-avatar--initial" style={{ width: size, height: size, fontSize: size * 0.42 }} data-testid="member-avatar" aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
