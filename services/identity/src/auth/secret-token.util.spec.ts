import { describe, expect, it } from '@jest/globals';
import { EMAIL_TOKEN_TTL_MS, hashToken, isExpired, newSecretToken } from './secret-token.util.js';

describe('secret tokens', () => {
  it('makes unguessable tokens and stores only a hash that matches them', () => {
    const a = newSecretToken();
    const b = newSecretToken();
    expect(a.token).not.toBe(b.token);
    expect(a.token.length).toBeGreaterThanOrEqual(43);
    expect(a.hash).not.toContain(a.token);
    expect(hashToken(a.token)).toBe(a.hash);
  });

  it('expires an e-mail token 24 hours after it was made, not before', () => {
    const issued = new Date('2026-11-22T10:00:00Z');
    const expiresAt = new Date(issued.getTime() + EMAIL_TOKEN_TTL_MS);
    expect(isExpired(expiresAt, new Date('2026-11-23T09:59:59Z'))).toBe(false);
    expect(isExpired(expiresAt, new Date('2026-11-23T10:00:00Z'))).toBe(true);
  });
});
