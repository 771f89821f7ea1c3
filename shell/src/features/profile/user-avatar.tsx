import type { CSSProperties } from 'react';
import { Avatar } from 'antd-mobile';

/** The member's picture, or the first letter of their name on the brand colour. */
export function UserAvatar({ avatar, name, size = 48 }: { avatar: string; name: string; size?: number }) {
  const style = { '--size': `${size}px`, '--border-radius': '50%' } as CSSProperties;
  if (avatar) return <Avatar src={avatar} style={style} className="user-avatar" data-testid="user-avatar" />;
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span className="user-avatar user-avatar--initial" style={{ width: size, height: size, fontSize: size * 0.42 }} data-testid="user-avatar" aria-hidden="true">
      {initial}
    </span>
  );
}
