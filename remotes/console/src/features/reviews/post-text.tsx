/**
 * A post's stored content (HTML the server sanitised) as the words a member reads, for staff: paragraphs
 * and line breaks kept as lines, no tag shown and none rendered. DOMParser builds an inert document (no
 * script runs, no image loads), and only its text reaches the page.
 */
const BLOCKS = 'p, div, li, h1, h2, h3, h4, h5, h6, blockquote, pre';

export function postText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const br of Array.from(body.querySelectorAll('br'))) br.replaceWith('\n');
  for (const block of Array.from(body.querySelectorAll(BLOCKS))) block.append('\n');
  return (body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

export function PostText({ html }: { html: string }) {
  return <span className="console-post-text">{postText(html)}</span>;
}
