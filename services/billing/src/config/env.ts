import { baseEnvSchema, mailEnvSchema, parseEnv } from '@runpledge/server-kit';
import { z } from 'zod';

export const billingEnvSchema = baseEnvSchema.extend({
  ...mailEnvSchema.shape,
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** Unset in development and tests: billing then talks to the Stripe emulator at STRIPE_API_BASE. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Base URL of the Stripe emulator (tools/emulators); never set with real keys. */
  STRIPE_API_BASE: z.url().optional(),
  /** Lookup key of the $5/month price, found or created at start. */
  STRIPE_PRICE_LOOKUP_KEY: z.string().min(1).default('runpledge_monthly'),
  /**
   * The most one call to Stripe may take, retries included: under the gateway's RPC deadline
   * (RPC_TIMEOUT_MS, 5 s), so a hanging Stripe is the clear 503 below, not the gateway's 504.
   * The SDK's own default is 80 s per attempt.
   */
  /** Namespaces billing's BullMQ keys (its scheduled passes), as in the other services. */
  REDIS_PREFIX: z.string().default('rp:'),
  /** How often runners whose charity place ends within a week are looked for and mailed. */
  SEAT_NOTICE_SWEEP_EVERY_SECONDS: z.coerce.number().int().positive().max(86_400).default(3600),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
});
export type BillingEnv = z.infer<typeof billingEnvSchema>;

export const env: BillingEnv = parseEnv(billingEnvSchema);
