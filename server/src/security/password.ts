import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import Value from 'typebox/value';
import { EnvSchema, PASSWORD_HASH_COST } from '../config';

const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/**
 * scrypt's N for new hashes: 2 to the environment's PASSWORD_HASH_COST when the schema accepts it, else to
 * the deployed default (2^14). Only test suites lower it (as Laravel's phpunit.xml lowers BCRYPT_ROUNDS):
 * the same code at a sixteenth of the CPU. loadConfig refuses a lower cost with NODE_ENV=production.
 */
function workFactor(): number {
  const cost = Number(process.env.PASSWORD_HASH_COST);
  return 2 ** (Value.Check(EnvSchema.properties.PASSWORD_HASH_COST, cost) ? cost : PASSWORD_HASH_COST);
}

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * Stored as `scrypt$N$r$p$salt$hash` (salt and hash base64url): a hash is checked with the parameters
 * it was made with, so the cost can change without members resetting their passwords.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = workFactor();
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}
