import DOMPurify from 'dompurify';
import { RICH_TEXT_SANITIZER_CONFIG } from '@rigshare/domain';

/**
 * The browser's sanitiser of members' rich text. The server stores a post only after the same
 * sanitiser (DOMPurify, the allow-list of libs/domain) has cleaned it; every screen that shows one
 * still renders it only through here, so no script, style, event handler, SVG, iframe or
 * javascript:/data: URL reaches another member's page even from a row stored otherwise.
 */
let purifier: ReturnType<typeof DOMPurify> | null = null;

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // Links open outside the app and tell the target nothing about the page.
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow ugc');
    }
  });
  return purifier;
}

export function sanitizeRichText(html: string): string {
  return instance().sanitize(html, RICH_TEXT_SANITIZER_CONFIG);
}

/** A member's rich text, sanitised. */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className} data-testid="rich-text" dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}

/** What a member types in the plain text box becomes rich text: special characters escaped, one paragraph per line. */
export function textToRichText(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}
