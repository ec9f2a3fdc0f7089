import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { RevokedSessions } from './revoked-sessions.js';

describe('the replica deny list of revoked sessions', () => {
  const ttlMs = 600_000;

  it('refuses a revoked session until its access tokens would have expired anyway, then forgets it', () => {
    const revoked = new RevokedSessions();
    const [a, b] = [randomUUID(), randomUUID()];
    revoked.add([a], 0);
    expect(revoked.has(a, 1)).toBe(true);
    expect(revoked.has(b, 1)).toBe(false);
    expect(revoked.has(a, ttlMs + 59_000)).toBe(true);
    expect(revoked.has(a, ttlMs + 61_000)).toBe(false);
    // Entries past their time are dropped when later revocations arrive, so the list stays small.
    revoked.add([b], ttlMs + 61_000);
    expect(revoked.size).toBe(1);
  });
});
