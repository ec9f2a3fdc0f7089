import { z } from 'zod';

/** `Idempotency-Key` on writes a client may retry: same key, same answer, one effect. */
export const IDEMPOTENCY = {
  /** The request header (lower case, as Node hands headers over). */
  header: 'idempotency-key',
  maxLength: 255,
  /** How long a successful answer is replayed for its key. */
  keepSeconds: 24 * 60 * 60,
  /** How long a key stays claimed by a request that never finished (its gateway died). */
  pendingSeconds: 30,
  /** How long a duplicate waits for the first request's answer before a 409. */
  waitMs: 5_000,
  inProgressMessage: 'A request with this Idempotency-Key is still being processed. Please retry in a moment.',
  mismatchMessage: 'This Idempotency-Key was already used for a different request.',
  invalidMessage: 'The Idempotency-Key header must be 1 to 255 visible characters.',
} as const;

export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY.invalidMessage);
