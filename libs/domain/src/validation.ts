/**
 * Validation rules from SPEC.md section 5. The forms and the server both call these, so a rule
 * changes in one place. Each returns true/false; the caller picks the message key.
 */

/** 8 to 24 characters, first a letter, then letters and digits only. */
export const PASSWORD_PATTERN = /^[A-Za-z][A-Za-z0-9]{7,23}$/;
export function isValidPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

/** A request id (the idempotency key of a purchase, deposit, withdrawal, takeout or redemption): 8 to 64 letters, digits, dashes or underscores. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Letters and digits only (invite codes, redemption codes). */
export function isAlphanumeric(value: string): boolean {
  return /^[A-Za-z0-9]+$/.test(value);
}

/** Digits with an optional country prefix: 6 to 15 digits in all (E.164 allows at most 15). */
export function isValidPhone(value: string): boolean {
  return /^\+?[0-9]{6,15}$/.test(value.trim());
}

/** Amount text: digits with up to two decimals. */
export function isValidAmount(value: string): boolean {
  return /^(0|[1-9][0-9]*)(\.[0-9]{1,2})?$/.test(value);
}

/**
 * What the amount field keeps while the member types: digits and one dot, at most two decimals,
 * and a leading zero stripped ("05" -> "5", "0.5" stays).
 */
export function sanitizeAmountInput(raw: string): string {
  let text = raw.replace(/[^0-9.]/g, '');
  const dot = text.indexOf('.');
  if (dot !== -1) {
    text = text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '').slice(0, 2);
  }
  text = text.replace(/^0+(?=[0-9])/, '');
  if (text.startsWith('.')) text = '0' + text;
  return text;
}

/** Keeps letters and digits only. */
export function sanitizeAlphanumeric(raw: string): string {
  return raw.replace(/[^A-Za-z0-9]/g, '');
}

/** Indian Financial System Code: 11 characters, the fifth is the digit zero (not the letter O). */
export function isValidIfsc(value: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value.toUpperCase());
}

export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim());
}

/** Over 30 characters shows the first 15, dots, then the last 6. */
export function shortenAddress(address: string): string {
  if (address.length <= 30) return address;
  return `${address.slice(0, 15)}...${address.slice(-6)}`;
}

/** Display name: 1 to 32 visible characters, no control characters. */
export function isValidDisplayName(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length >= 1 && [...trimmed].length <= 32 && !/[\u0000-\u001f\u007f]/.test(trimmed);
}

/**
 * Unicode bidirectional controls: the embeddings and overrides (U+202A..U+202E, e.g. the right-to-left
 * override), the isolates (U+2066..U+2069) and the marks (U+200E, U+200F, U+061C). Invisible, they
 * reorder what follows them, so a name could make the text after it read backwards (an account number
 * in a staff list). Names refuse them; scripts written right to left need none of them.
 */
export function hasDirectionControls(value: string): boolean {
  return /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(value);
}

/** SMS and image codes: 4 to 6 letters or digits. */
export function isValidCode(value: string): boolean {
  return /^[A-Za-z0-9]{4,6}$/.test(value.trim());
}

/** An EVM (BEP20) address: 0x and 40 hexadecimal characters, in any case (checksum case included). */
export function isValidEvmAddress(value: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(value);
}

/** A transaction hash on an EVM chain (what pays a USDT withdrawal): 0x and 64 hexadecimal characters. */
export function isValidTxHash(value: string): boolean {
  return /^0x[0-9a-fA-F]{64}$/.test(value);
}

/** A fund password is a PIN: exactly 6 digits. */
export function isValidFundPassword(value: string): boolean {
  return /^[0-9]{6}$/.test(value);
}

/** A bank account number: 6 to 20 digits. */
export function isValidBankAccountNumber(value: string): boolean {
  return /^[0-9]{6,20}$/.test(value);
}
