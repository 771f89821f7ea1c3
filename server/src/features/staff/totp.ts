import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/**
 * The staff second factor: RFC 6238 TOTP (30 s, 6 digits) with otplib. otplib is stateless, so the last
 * accepted time step is stored and a code of that step or an earlier one is refused (no replay within
 * the tolerance window). Secrets are encrypted at rest with STAFF_TOTP_KEY (AES-256-GCM) when it is set.
 */
export const TOTP_ISSUER = 'Rigshare staff';
/** Seconds of clock drift accepted either way (one 30 s step). */
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export const otpauthUri = (login: string, secret: string): string => generateURI({ issuer: TOTP_ISSUER, label: login, secret });

export const qrDataUrl = (uri: string): Promise<string> => QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });

/** The accepted time step, or null: a wrong code, or one not newer than the last accepted step. */
export function acceptedStep(secret: string, code: string, lastStep: number, now: Date): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const result = verifySync({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOLERANCE_SECONDS, afterTimeStep: lastStep });
  return result.valid ? (result as { timeStep: number }).timeStep : null;
}

const keyOf = (key: string) => createHash('sha256').update(key).digest();

export function sealSecret(secret: string, key: string | null): string {
  if (key === null) return `plain:${secret}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(key), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${data.toString('base64url')}`;
}

export function openSecret(sealed: string, key: string | null): string {
  if (sealed.startsWith('plain:')) return sealed.slice('plain:'.length);
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || key === null) throw new Error('This staff TOTP secret is encrypted: set STAFF_TOTP_KEY to the key it was created with');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(key), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
