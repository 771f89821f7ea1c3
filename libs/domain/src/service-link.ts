/** Customer-service links shorter than this are treated as "no service" (SPEC.md section 7). */
export const MIN_SERVICE_LINK_LENGTH = 8;

/** A link a member can be sent to: present and at least 8 characters once trimmed. */
export function isUsableServiceLink(link: string | null | undefined): link is string {
  return typeof link === 'string' && link.trim().length >= MIN_SERVICE_LINK_LENGTH;
}
