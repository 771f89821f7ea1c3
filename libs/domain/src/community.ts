/**
 * Community rules (issue 11), used by the server and the community remote alike: review states,
 * sizes and limits, and the one allow-list of the rich text sanitiser (DOMPurify, in the browser on
 * render and on the server before a post is stored).
 */

/** Review state of a post (SPEC: 0 Pending Review, 1 Passed, 2 Failed). */
export const POST_STATUS = { pending: 0, passed: 1, failed: 2 } as const;
export type PostStatus = (typeof POST_STATUS)[keyof typeof POST_STATUS];

export const FEED_PAGE_SIZE = 10;
export const POST_MAX_IMAGES = 9;
/** Characters of a post's rich text as sent (markup included). */
export const POST_CONTENT_MAX = 5000;
export const COMMENT_CONTENT_MAX = 500;
export const FAIL_REASON_MAX = 500;
export const VIDEO_URL_MAX = 500;

/** Staff who may post on a member's behalf (DESIGN.md section 1); the role shows on the post. */
export const STAFF_POSTING_ROLES = ['manager', 'guide_manager'] as const;
export type StaffPostingRole = (typeof STAFF_POSTING_ROLES)[number];

/** Console roles that post for a member (the content team, the admin); their role is the mark's. */
export const CONSOLE_POSTING_ROLES = ['content', 'admin'] as const;
/** Every role a "posted by staff" mark can show: the command line's (typed) and the console's (the session's). */
export type StaffMarkRole = StaffPostingRole | (typeof CONSOLE_POSTING_ROLES)[number];

export function isStaffPostingRole(value: string): value is StaffPostingRole {
  return (STAFF_POSTING_ROLES as readonly string[]).includes(value);
}

export function isConsolePostingRole(value: string): value is (typeof CONSOLE_POSTING_ROLES)[number] {
  return (CONSOLE_POSTING_ROLES as readonly string[]).includes(value);
}

/**
 * The rich text allow-list: formatting, lists, links and line breaks. No style, no script, no
 * event handler, no image or media tag (a post's pictures are its uploaded images), no iframe.
 */
export const RICH_TEXT_ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a', 'span', 'h3', 'h4'] as const;
export const RICH_TEXT_ALLOWED_ATTR = ['href', 'title'] as const;
/** Link targets that may stay: http(s) and mailto only (no javascript:, data:, vbscript:). */
export const RICH_TEXT_ALLOWED_URI = /^(?:https?:|mailto:)/i;

/**
 * The sanitiser's settings, in DOMPurify's words: the one definition the server stores posts with and
 * every screen renders them with, so what is stored is what a screen shows. Only the allow-listed tags
 * and attributes stay, a tag that is not is dropped with its text kept (a script or style goes whole).
 */
export const RICH_TEXT_SANITIZER_CONFIG = {
  ALLOWED_TAGS: [...RICH_TEXT_ALLOWED_TAGS] as string[],
  ALLOWED_ATTR: [...RICH_TEXT_ALLOWED_ATTR] as string[],
  ALLOWED_URI_REGEXP: RICH_TEXT_ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
};

/**
 * The visible text of rich text, for the "content required" rule only (never for safety: the
 * sanitiser decides what renders). Tags are dropped, common entities read as spaces.
 */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export type PostContentProblem = 'postContentRequired' | 'postContentTooLong';

/** Why a post's content is refused, or null. */
export function postContentProblem(content: string): PostContentProblem | null {
  if (content.length > POST_CONTENT_MAX) return 'postContentTooLong';
  if (!visibleText(content)) return 'postContentRequired';
  return null;
}

export type CommentContentProblem = 'commentContentRequired' | 'commentContentTooLong';

export function commentContentProblem(content: string): CommentContentProblem | null {
  if (content.length > COMMENT_CONTENT_MAX) return 'commentContentTooLong';
  if (!content.trim()) return 'commentContentRequired';
  return null;
}

/** An optional video link: empty, or an http(s) URL. */
export function videoUrlProblem(url: string): 'videoUrlInvalid' | null {
  if (!url) return null;
  if (url.length > VIDEO_URL_MAX || !/^https?:\/\/[^\s<>"']+$/i.test(url)) return 'videoUrlInvalid';
  return null;
}
