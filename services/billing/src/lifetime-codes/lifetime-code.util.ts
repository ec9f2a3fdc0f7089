import { randomInt } from 'node:crypto';

/** Upper-case letters and digits without look-alikes (0/O, 1/I/L), so a code read aloud or typed is not mistaken. */
export const LIFETIME_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 12 characters of 31: about 59 bits, far past any rate-limited guessing. */
export const GENERATED_LIFETIME_CODE_LENGTH = 12;
/** Chosen codes shorter than this are guessable; the CLI warns. */
export const MIN_UNGUESSABLE_CODE_LENGTH = 10;

/** Lifetime codes are matched case-insensitively and stored upper-case. */
export function normalizeLifetimeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A random, unguessable lifetime code (crypto random, unbiased). */
export function generateLifetimeCode(length = GENERATED_LIFETIME_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += LIFETIME_CODE_ALPHABET[randomInt(LIFETIME_CODE_ALPHABET.length)];
  return code;
}
