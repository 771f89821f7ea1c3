import { Fragment } from 'react';

/**
 * A text shown with normal word wrapping, except where it holds `link`: a link is one long "word" that
 * must break anywhere to fit a phone, while the words around it must not (invite messages).
 */
export function LinkInText({ text, link }: { text: string; link: string }) {
  const parts = link ? text.split(link) : [text];
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <span style={{ wordBreak: 'break-all' }}>{link}</span>}
          {part}
        </Fragment>
      ))}
    </>
  );
}
