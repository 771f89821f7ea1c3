/**
 * What people type, as text: which characters a text field refuses, and how text is printed where a
 * character could act instead of show (an operator's terminal).
 */

/**
 * The C0 control characters a text field refuses: all of them but tab, line feed and carriage return,
 * which a multi-line box (feedback, a post, a comment) sends. NUL (PostgreSQL refuses it in text),
 * ESC (which starts a terminal's escape sequences), backspace, bell and the rest belong in no form.
 * As the source of a character class, so a JSON Schema `pattern` uses it too (libs/api-schema `Text`).
 */
export const REFUSED_CONTROL_CHARACTERS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F';

const REFUSED = new RegExp(`[${REFUSED_CONTROL_CHARACTERS}]`);

/** Whether a text field's value holds a control character no field takes (the API answers 400). */
export function hasRefusedControlCharacters(value: string): boolean {
  return REFUSED.test(value);
}

/**
 * Characters that act on a terminal or on the order of what follows instead of showing: every control
 * character (C0 with tab and line breaks, DEL, C1 with its one-byte CSI), the bidirectional controls
 * (`hasDirectionControls`) and the Unicode line and paragraph separators.
 */
const ACTING = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The text with every acting character written out as an escape (`\n`, `\x1b`, `\u202e`), so that,
 * printed to a terminal, it cannot clear the screen, colour or move what follows, or start a line of
 * its own that looks like the program's. Everything else, any script included, stays as it is.
 */
export function showControlCharacters(text: string): string {
  return text.replace(ACTING, (c) => {
    const code = c.charCodeAt(0);
    return NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
  });
}
