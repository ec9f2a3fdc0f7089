import { describe, expect, it } from '@jest/globals';
import { LIFETIME_CODE_ALPHABET, generateLifetimeCode, normalizeLifetimeCode } from './lifetime-code.util.js';

describe('generateLifetimeCode', () => {
  it('makes codes of at least 10 characters from an alphabet without look-alikes', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateLifetimeCode();
      expect(code.length).toBeGreaterThanOrEqual(10);
      expect([...code].every((c) => LIFETIME_CODE_ALPHABET.includes(c))).toBe(true);
      expect(normalizeLifetimeCode(code)).toBe(code);
    }
    expect(LIFETIME_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('never repeats itself and uses the whole alphabet (crypto random, not a counter)', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => generateLifetimeCode()));
    expect(codes.size).toBe(2000);
    const seen = new Set([...codes].join(''));
    expect(seen.size).toBe(LIFETIME_CODE_ALPHABET.length);
  });

  it('carries at least 50 bits of entropy', () => {
    expect(generateLifetimeCode().length * Math.log2(LIFETIME_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(50);
  });
});
