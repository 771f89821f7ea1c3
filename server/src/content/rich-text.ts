/**
 * Members' rich text, cleaned on the server before it is stored: the browser's sanitiser (DOMPurify 3)
 * over a standards DOM (jsdom, whose parser is the HTML specification's, as a browser's is), with the
 * allow-list of libs/domain. What is stored is then exactly what a screen would render; the screens still
 * sanitise again when they render (remotes/community, rich-text.tsx).
 *
 * jsdom is loaded on the first use (a post, the migration of stored posts), not when the API starts.
 */
import { RICH_TEXT_SANITIZER_CONFIG } from '@rigshare/domain';
import type { DOMPurify } from 'dompurify';

let purifier: Promise<DOMPurify> | null = null;

/** The one DOMPurify of this process, over a window of its own. */
export function htmlPurifier(): Promise<DOMPurify> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    return createDOMPurify(new JSDOM('<!DOCTYPE html>').window as unknown as Parameters<typeof createDOMPurify>[0]);
  })();
  return purifier;
}

/** A post's rich text as it may be stored and shown: only the allow-listed tags, attributes and links. */
export async function sanitizeRichText(html: string): Promise<string> {
  return (await htmlPurifier()).sanitize(html, RICH_TEXT_SANITIZER_CONFIG);
}
