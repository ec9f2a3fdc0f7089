import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { decryptToken, encryptToken, hashNonce, newStateId, signState, verifyState } from './token-cipher.util.js';

const key = randomBytes(32);

describe('token encryption', () => {
  it('round-trips a token and never stores it in clear', () => {
    const sealed = encryptToken(key, 'secret-access-token');
    expect(sealed).not.toContain('secret-access-token');
    expect(decryptToken(key, sealed)).toBe('secret-access-token');
  });

  it('gives a different ciphertext each time (fresh IV)', () => {
    expect(encryptToken(key, 'same')).not.toBe(encryptToken(key, 'same'));
  });

  it('refuses a tampered ciphertext or another key', () => {
    const sealed = encryptToken(key, 'secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => decryptToken(key, parts.join('.'))).toThrow();
    expect(() => decryptToken(randomBytes(32), sealed)).toThrow();
  });
});

describe('OAuth state', () => {
  const state = {
    id: newStateId(),
    userId: '7d4b1c5e-4c39-4a57-9f3e-0e7a3c9a1b22',
    profileSlug: 'jane',
    nonceHash: hashNonce('a-random-browser-nonce'),
    expiresAt: Date.now() + 60_000,
  };

  it('verifies a state it signed', () => {
    expect(verifyState(key, signState(key, state))).toEqual(state);
  });

  it('refuses an expired, forged or foreign state', () => {
    expect(verifyState(key, signState(key, { ...state, expiresAt: Date.now() - 1 }))).toBeUndefined();
    const [body] = signState(key, state).split('.');
    expect(verifyState(key, `${body}.forged`)).toBeUndefined();
    expect(verifyState(randomBytes(32), signState(key, state))).toBeUndefined();
    expect(verifyState(key, 'garbage')).toBeUndefined();
  });
});
