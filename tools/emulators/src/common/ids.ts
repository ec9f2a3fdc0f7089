import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random base62 string; ids and tokens look like the real services' ones. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i]! % ALPHABET.length];
  return out;
}

/** A Stripe-style id: `cus_` + 14 random characters, `cs_test_` + 58, and so on. */
export function prefixedId(prefix: string, length = 24): string {
  return `${prefix}${randomToken(length)}`;
}

/** A hex string of `bytes` random bytes (Strava tokens are 40 hex characters). */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
