import { ACCESS_TOKEN_TTL_SECONDS } from '@runpledge/contracts';
import { baseEnvSchema, parseEnv } from '@runpledge/server-kit';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const defaultWebDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));
const DEV_SESSION_SECRET = 'development-only-session-secret-change-me';

export const gatewayEnvSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    WEB_DIST: z.string().default(defaultWebDist),
    /** Deadline of every request the gateway sends over NATS. */
    RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** Deadline of each service's ping in the readiness check. */
    HEALTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(2000),
    /** After SIGTERM: how long readiness answers 503 before the server stops taking requests. */
    DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Public JWKs (JSON array) access tokens are accepted from; read by loadVerificationKeys. */
    ACCESS_TOKEN_PUBLIC_KEYS: z.string().optional(),
    /** Identity's private set; outside production its public halves serve when the above is unset. */
    ACCESS_TOKEN_KEYS: z.string().optional(),
    /** Lifetime of identity's access tokens: how long this replica remembers a revoked session. */
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(ACCESS_TOKEN_TTL_SECONDS),
    /** Signs the session cookie. */
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').default(DEV_SESSION_SECRET),
    /** Prefix of every Redis key (rate limits), so several deployments or test runs can share a server. */
    REDIS_PREFIX: z.string().default('rp:'),
    /** Per-IP budgets of the auth rate limits; per-e-mail budgets are fixed. Raised by test stacks. */
    RATE_LIMIT_SIGNIN_PER_IP: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_PUBLIC_WRITES_PER_IP: z.coerce.number().int().min(1).default(10),
    /** Google Analytics 4 id the web app was built with (VITE_GA_MEASUREMENT_ID): opens the CSP to gtag.js. */
    GA_MEASUREMENT_ID: z
      .string()
      .trim()
      .regex(/^G-[A-Z0-9]+$/, 'GA_MEASUREMENT_ID looks like G-XXXXXXXXXX')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .refine((e) => e.NODE_ENV !== 'production' || e.SESSION_SECRET !== DEV_SESSION_SECRET, {
    path: ['SESSION_SECRET'],
    message: 'SESSION_SECRET must be set in production',
  })
  .refine((e) => e.NODE_ENV !== 'production' || Boolean(e.ACCESS_TOKEN_PUBLIC_KEYS || e.ACCESS_TOKEN_KEYS), {
    path: ['ACCESS_TOKEN_PUBLIC_KEYS'],
    message: 'ACCESS_TOKEN_PUBLIC_KEYS must be set in production',
  });
export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

export const env: GatewayEnv = parseEnv(gatewayEnvSchema);
