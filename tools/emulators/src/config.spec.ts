import { describe, expect, it } from '@jest/globals';
import { readConfig } from './config.js';

describe('readConfig', () => {
  it('has the local defaults', () => {
    expect(readConfig({})).toMatchObject({
      host: '127.0.0.1',
      stripePort: 12111,
      stripeWebhookUrl: 'http://localhost:3000/api/webhooks/stripe',
      stripeWebhookSecret: 'whsec_local_emulator',
      stravaPort: 12112,
      stravaClientId: 'local-client',
      stravaClientSecret: 'local-secret',
      stravaLimits: {},
    });
  });

  it('reads overrides and refuses bad numbers', () => {
    expect(readConfig({ STRAVA_EMULATOR_PORT: '0', STRAVA_RATE_LIMIT_WINDOW_MS: '15000' })).toMatchObject({
      stravaPort: 0,
      stravaLimits: { shortWindowMs: 15_000 },
    });
    expect(() => readConfig({ STRIPE_EMULATOR_PORT: 'abc' })).toThrow('STRIPE_EMULATOR_PORT');
  });
});
