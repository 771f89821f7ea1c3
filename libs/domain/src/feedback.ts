/** Feedback (SPEC section 5): a comment of more than ten words, an optional picture up to 20 MB. */
export const FEEDBACK_MIN_WORDS = 11;
export const FEEDBACK_MAX_LENGTH = 2000;
export const FEEDBACK_ATTACHMENT_LIMIT_BYTES = 20 * 1024 * 1024;

/** Words as a member counts them: runs of letters or digits in any script (Devanagari, Tamil, ...). */
export function feedbackWordCount(text: string): number {
  return text.match(/[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu)?.length ?? 0;
}

/** The catalogue key of what is wrong with a feedback text, or null when it can be sent. */
export function feedbackTextProblem(text: string): 'feedbackTooShort' | 'feedbackTooLong' | null {
  const trimmed = text.trim();
  if (trimmed.length > FEEDBACK_MAX_LENGTH) return 'feedbackTooLong';
  return feedbackWordCount(trimmed) >= FEEDBACK_MIN_WORDS ? null : 'feedbackTooShort';
}
