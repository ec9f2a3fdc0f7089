import { ACCESS_TOKEN_TTL_SECONDS } from '@runpledge/contracts';
import { baseEnvSchema, mailEnvSchema, parseEnv } from '@runpledge/server-kit';
import { z } from 'zod';

export const env = parseEnv(
  baseEnvSchema.extend({
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    /** Private JWKs (JSON array), the first signs the access tokens; read by loadSigningKey. */
    ACCESS_TOKEN_KEYS: z.string().optional(),
    /** Outside production without ACCESS_TOKEN_KEYS: the file keeping the development key set. */
    ACCESS_TOKEN_DEV_KEYS_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    /** Lifetime of an access token (the gateway verifies it alone; a refresh asks identity again). */
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(ACCESS_TOKEN_TTL_SECONDS),
    /** A refresh rotates the session token once it is this old (0: at every refresh). */
    SESSION_ROTATE_AFTER_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(30 * 24 * 3600)
      .default(3600),
    /** A session not used for this long is refused, whatever its absolute expiry. */
    SESSION_IDLE_TIMEOUT_HOURS: z.coerce
      .number()
      .min(0.001)
      .max(24 * 30)
      .default(24 * 14),
    ...mailEnvSchema.shape,
  }),
);
