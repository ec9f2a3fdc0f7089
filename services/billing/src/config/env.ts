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
});
export type BillingEnv = z.infer<typeof billingEnvSchema>;

export const env: BillingEnv = parseEnv(billingEnvSchema);
