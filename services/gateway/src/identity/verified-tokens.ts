import type { SessionUser } from '@runpledge/contracts';

/** How long a verified token is taken on its signature's word before it is verified again. */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Access tokens this replica has verified (ES256, issuer, audience, expiry), by their exact text
 * (signature included), so a browser's next requests cost a map lookup instead of an ECDSA
 * verification. An entry lives until the token expires or for a minute, whichever comes first (a key
 * withdrawn from identity's set stops being trusted within a minute). Revocation is not cached: the
 * guard checks the deny list on every request.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, { user: SessionUser; until: number }>();

  get(token: string, now = Date.now()): SessionUser | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.user;
  }

  set(token: string, user: SessionUser, now = Date.now()): void {
    const expiresAt = expiryOf(token);
    if (expiresAt === undefined) return;
    const until = Math.min(expiresAt, now + VERIFIED_TOKEN_TTL_MS);
    if (until <= now) return;
    // The oldest entry makes room (a Map keeps insertion order).
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { user, until });
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The `exp` of a JWT (ms), read without verifying: only called for a token just verified. */
function expiryOf(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
