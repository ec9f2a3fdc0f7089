import type { BillingEnv } from '../config/env.js';

/** The emulator's defaults (tools/emulators): any key is accepted there, and this secret signs its webhooks. */
const EMULATOR_SECRET_KEY = 'sk_test_emulator';
const EMULATOR_WEBHOOK_SECRET = 'whsec_local_emulator';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  priceLookupKey: string;
  /** Set when billing talks to the emulator. */
  apiBase: URL | null;
  /** Test-mode keys or the emulator: /payment shows a 'test mode' badge. */
  testMode: boolean;
  /** The most one call may take, retries included (STRIPE_TIMEOUT_MS). */
  timeoutMs: number;
}

/**
 * Checked when the service starts (not when migrations run): real keys, or the emulator with its
 * defaults, never a mix that would send real customers to a fake server or leave webhooks unverifiable.
 */
export function stripeConfigFrom(env: BillingEnv): StripeConfig {
  const problems: string[] = [];
  if (env.STRIPE_API_BASE && env.NODE_ENV === 'production') {
    problems.push('STRIPE_API_BASE (the Stripe emulator) must not be set in production');
  }
  if (!env.STRIPE_API_BASE && !env.STRIPE_SECRET_KEY) {
    problems.push('STRIPE_SECRET_KEY is required (or STRIPE_API_BASE pointing at the Stripe emulator)');
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_API_BASE && !env.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  }
  if (problems.length) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);

  const apiBase = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  const secretKey = env.STRIPE_SECRET_KEY ?? EMULATOR_SECRET_KEY;
  return {
    secretKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? EMULATOR_WEBHOOK_SECRET,
    priceLookupKey: env.STRIPE_PRICE_LOOKUP_KEY,
    apiBase,
    testMode: apiBase !== null || secretKey.startsWith('sk_test_') || secretKey.startsWith('rk_test_'),
    timeoutMs: env.STRIPE_TIMEOUT_MS,
  };
}
