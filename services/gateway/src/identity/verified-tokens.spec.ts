import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { VERIFIED_TOKEN_TTL_MS, VerifiedTokens } from './verified-tokens.js';

const tokenExpiringAt = (expMs: number) =>
  `e30.${Buffer.from(JSON.stringify({ exp: Math.floor(expMs / 1000) })).toString('base64url')}.sig`;
const user = { id: randomUUID(), email: 'a@example.com', emailVerified: true, sessionId: randomUUID() };

describe('verified access tokens remembered by a gateway replica', () => {
  it('remembers a token for a minute at most, never past its expiry, and only by its exact text', () => {
    const tokens = new VerifiedTokens();
    const now = 1_000_000_000;
    const long = tokenExpiringAt(now + 600_000);
    tokens.set(long, user, now);
    expect(tokens.get(long, now + 1)).toBe(user);
    expect(tokens.get(`${long}x`, now + 1)).toBeUndefined();
    expect(tokens.get(long, now + VERIFIED_TOKEN_TTL_MS)).toBeUndefined();

    const short = tokenExpiringAt(now + 10_000);
    tokens.set(short, user, now);
    expect(tokens.get(short, now + 9_000)).toBe(user);
    expect(tokens.get(short, now + 10_000)).toBeUndefined();

    // An expired or unreadable token is not remembered at all.
    tokens.set(tokenExpiringAt(now - 1000), user, now);
    tokens.set('not-a-jwt', user, now);
    expect(tokens.size).toBe(0);
  });
});
