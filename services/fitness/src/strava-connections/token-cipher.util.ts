import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url), so a tampered token fails to decrypt. */
export function encryptToken(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptToken(key: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('unknown token format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

export interface OAuthState {
  /** Random; kept server-side until the first use of the state. */
  id: string;
  userId: string;
  profileSlug: string;
  /** Hash of the nonce in the starting browser's cookie (see hashNonce). */
  nonceHash: string;
  /** Epoch ms after which the state is refused. */
  expiresAt: number;
}

/** The nonce as the state carries it: the cookie's value never leaves the browser in a URL. */
export function hashNonce(nonce: string): string {
  return createHash('sha256').update(nonce).digest('base64url');
}

/** A fresh id for a state. */
export function newStateId(): string {
  return randomBytes(16).toString('base64url');
}

/** Constant-time comparison of two strings (hashes). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// The state key is derived from the token key so it never doubles as an encryption key.
const stateKey = (key: Buffer) => createHmac('sha256', key).update('strava-oauth-state').digest();

/** A signed, expiring OAuth `state`: the callback learns whose page started the flow. */
export function signState(key: Buffer, state: OAuthState): string {
  const body = Buffer.from(
    JSON.stringify([state.userId, state.profileSlug, state.expiresAt, state.id, state.nonceHash]),
  ).toString('base64url');
  const mac = createHmac('sha256', stateKey(key)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The state's content, or undefined when it is forged, malformed or expired. */
export function verifyState(key: Buffer, signed: string, now = Date.now()): OAuthState | undefined {
  const [body, mac] = signed.split('.');
  if (!body || !mac) return undefined;
  const expected = createHmac('sha256', stateKey(key)).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const [userId, profileSlug, expiresAt, id, nonceHash] = JSON.parse(
      Buffer.from(body, 'base64url').toString('utf8'),
    ) as [string, string, number, string, string];
    if (typeof expiresAt !== 'number' || expiresAt < now) return undefined;
    if (typeof id !== 'string' || typeof nonceHash !== 'string') return undefined;
    return { id, userId, profileSlug, nonceHash, expiresAt };
  } catch {
    return undefined;
  }
}
