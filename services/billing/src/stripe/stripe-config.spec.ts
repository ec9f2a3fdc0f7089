import { describe, expect, it } from '@jest/globals';
import { billingEnvSchema } from '../config/env.js';
import { stripeConfigFrom } from './stripe-config.js';

const envOf = (vars: Record<string, string>) => billingEnvSchema.parse(vars);

describe('stripeConfigFrom', () => {
  it('uses the emulator defaults when only the emulator address is set, in test mode', () => {
    const config = stripeConfigFrom(envOf({ STRIPE_API_BASE: 'http://127.0.0.1:12111' }));
    expect(config).toMatchObject({ webhookSecret: 'whsec_local_emulator', testMode: true });
    expect(config.apiBase?.port).toBe('12111');
  });

  it('takes live keys as they are, outside test mode', () => {
    const config = stripeConfigFrom(envOf({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }));
    expect(config).toMatchObject({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x', apiBase: null, testMode: false });
  });

  it('refuses to start with neither a key nor the emulator', () => {
    expect(() => stripeConfigFrom(envOf({}))).toThrow('STRIPE_SECRET_KEY is required');
  });

  it('refuses a real key without the webhook secret', () => {
    expect(() => stripeConfigFrom(envOf({ STRIPE_SECRET_KEY: 'sk_live_x' }))).toThrow('STRIPE_WEBHOOK_SECRET');
  });

  it('refuses the emulator in production', () => {
    const env = envOf({ NODE_ENV: 'production', STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(() => stripeConfigFrom(env)).toThrow('must not be set in production');
  });
});
