import { hash, randomBytes, randomInt } from 'node:crypto';

/** Hex SHA-256 of a short text (a session token on every signed-in request): one call, no Hash object. */
export function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}

/** Session tokens: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newId(): string {
  return randomBytes(16).toString('base64url');
}

/** Six random digits, leading zeros allowed. */
export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** No 0/O, 1/I/L: a code read aloud or copied by hand stays unambiguous. */
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newInviteCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i++) code += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  return code;
}
