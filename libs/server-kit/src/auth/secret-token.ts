import { createHash, randomBytes } from 'node:crypto';

/** A random token for a cookie or a link (256 bits); only its hash is ever stored. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The SHA-256 of a token, in hex: what a service stores and looks a presented token up by. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
