import { createHash, randomBytes } from 'node:crypto';

/** A release link's token: 256 random bits; only its hash is stored. */
export function newReleaseToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: releaseTokenHash(token) };
}

export function releaseTokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
