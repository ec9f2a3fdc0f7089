import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { mailEnvSchema } from '../mail/mailer.js';
import { natsConnectionOptions } from '../messaging/nats-trust.js';
import { DEVELOPMENT_DEFAULTS, baseEnvSchema, baseEnvValue, loadBaseEnv, parseEnv } from './env.js';

describe('loadBaseEnv', () => {
  it('falls back to the local defaults', () => {
    const env = loadBaseEnv({});
    expect(env.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/runpledge');
    expect(env.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(env.NATS_SUBJECT_PREFIX).toBe('');
  });

  it('names every bad variable in one error', () => {
    expect(() => loadBaseEnv({ DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /DATABASE_URL[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*DATABASE_URL/,
    );
  });

  it('refuses a prefix that would split into several subject tokens', () => {
    expect(() => loadBaseEnv({ NATS_SUBJECT_PREFIX: 'a.b.' })).toThrow(/NATS_SUBJECT_PREFIX/);
  });
});

describe('baseEnvValue', () => {
  it("reads one variable with the schema's default and bounds", () => {
    expect(baseEnvValue('LOG_LEVEL', {})).toBe('info');
    expect(baseEnvValue('NATS_SUBJECT_PREFIX', { NATS_SUBJECT_PREFIX: 'run1.' })).toBe('run1.');
    expect(baseEnvValue('DB_APPLICATION_NAME', { DB_APPLICATION_NAME: '' })).toBeUndefined();
    expect(() => baseEnvValue('LOG_LEVEL', { LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => baseEnvValue('DB_APPLICATION_NAME', { DB_APPLICATION_NAME: 'x'.repeat(64) })).toThrow(
      /DB_APPLICATION_NAME/,
    );
  });
});

describe('production configuration', () => {
  const gatewayLike = baseEnvSchema.extend({
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    SESSION_SECRET: z.string().default(DEVELOPMENT_DEFAULTS.SESSION_SECRET),
  });
  const fitnessLike = baseEnvSchema
    .extend({
      PUBLIC_URL: z.url().default('http://localhost:3000'),
      STRAVA_CLIENT_ID: z.string().optional(),
      STRAVA_CLIENT_SECRET: z.string().optional(),
      STRAVA_BASE_URL: z.url().optional(),
      STRAVA_WEBHOOK_VERIFY_TOKEN: z.string().default(DEVELOPMENT_DEFAULTS.STRAVA_WEBHOOK_VERIFY_TOKEN),
      TOKEN_ENCRYPTION_KEY: z.string().default(DEVELOPMENT_DEFAULTS.TOKEN_ENCRYPTION_KEY),
    })
    .transform((e) => ({ ...e, derived: true }));
  const billingLike = baseEnvSchema.extend({
    ...mailEnvSchema.shape,
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_BASE: z.url().optional(),
  });
  const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://runpledge.example.com' };
  const failure = (fn: () => unknown): string => {
    try {
      fn();
    } catch (err) {
      return (err as Error).message;
    }
    return '';
  };

  it('starts with its own secrets and public addresses', () => {
    expect(parseEnv(gatewayLike, { ...prod, SESSION_SECRET: 'x'.repeat(48) }).SESSION_SECRET).toBe('x'.repeat(48));
    expect(
      parseEnv(fitnessLike, {
        ...prod,
        STRAVA_CLIENT_ID: '1',
        STRAVA_CLIENT_SECRET: 's',
        STRAVA_WEBHOOK_VERIFY_TOKEN: 'mine',
        TOKEN_ENCRYPTION_KEY: 'k',
      }).derived,
    ).toBe(true);
  });

  it('keeps the development defaults outside production', () => {
    expect(parseEnv(gatewayLike, {}).SESSION_SECRET).toBe(DEVELOPMENT_DEFAULTS.SESSION_SECRET);
    expect(parseEnv(billingLike, { STRIPE_API_BASE: 'http://127.0.0.1:12111' }).STRIPE_API_BASE).toBeDefined();
  });

  it('refuses a missing or default secret, naming the variable', () => {
    expect(failure(() => parseEnv(gatewayLike, prod))).toMatch(/SESSION_SECRET: must be set in production/);
    expect(
      failure(() => parseEnv(gatewayLike, { ...prod, SESSION_SECRET: DEVELOPMENT_DEFAULTS.SESSION_SECRET })),
    ).toMatch(/SESSION_SECRET: is the development default/);
    const fitness = failure(() =>
      parseEnv(fitnessLike, {
        ...prod,
        TOKEN_ENCRYPTION_KEY: DEVELOPMENT_DEFAULTS.TOKEN_ENCRYPTION_KEY,
        STRAVA_WEBHOOK_VERIFY_TOKEN: DEVELOPMENT_DEFAULTS.STRAVA_WEBHOOK_VERIFY_TOKEN,
      }),
    );
    expect(fitness).toMatch(/TOKEN_ENCRYPTION_KEY: is the development default/);
    expect(fitness).toMatch(/STRAVA_WEBHOOK_VERIFY_TOKEN: is the development default/);
    expect(fitness).toMatch(/STRAVA_CLIENT_ID: must be set in production/);
    expect(fitness).toMatch(/STRAVA_CLIENT_SECRET: must be set in production/);
    const billing = failure(() => parseEnv(billingLike, prod));
    expect(billing).toMatch(/STRIPE_SECRET_KEY: must be set in production/);
    expect(billing).toMatch(/STRIPE_WEBHOOK_SECRET: must be set in production/);
    expect(billing).toMatch(/SMTP_URL: must be set in production/);
    // Only what the process declares: the gateway is not asked for Stripe keys.
    expect(failure(() => parseEnv(gatewayLike, prod))).not.toMatch(/STRIPE/);
  });

  it('refuses emulator URLs and a local or plain-http PUBLIC_URL', () => {
    const billing = failure(() =>
      parseEnv(billingLike, {
        ...prod,
        PUBLIC_URL: 'http://localhost:3000',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        SMTP_URL: 'smtps://u:p@smtp.example.com:465',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }),
    );
    expect(billing).toMatch(/STRIPE_API_BASE: points at the local emulator/);
    expect(billing).toMatch(/PUBLIC_URL: is a local address \(localhost:3000\)/);
    expect(failure(() => parseEnv(gatewayLike, { NODE_ENV: 'production' }))).toMatch(/PUBLIC_URL: must be set/);
    expect(
      failure(() =>
        parseEnv(gatewayLike, { ...prod, PUBLIC_URL: 'http://runpledge.example.com', SESSION_SECRET: 'x'.repeat(40) }),
      ),
    ).toMatch(/PUBLIC_URL: must be https/);
    expect(
      failure(() =>
        parseEnv(fitnessLike, {
          ...prod,
          STRAVA_CLIENT_ID: '1',
          STRAVA_CLIENT_SECRET: 's',
          STRAVA_WEBHOOK_VERIFY_TOKEN: 'mine',
          TOKEN_ENCRYPTION_KEY: 'k',
          STRAVA_BASE_URL: 'http://127.0.0.1:12112',
        }),
      ),
    ).toMatch(/STRAVA_BASE_URL: is a local address/);
  });

  it('refuses to connect to NATS without credentials in production', () => {
    const nats = { NATS_URL: 'nats://nats:4222' };
    expect(failure(() => natsConnectionOptions({ ...nats, NODE_ENV: 'production' }))).toMatch(
      /NATS_USER and NATS_PASSWORD \(or NATS_CREDS\): must be set in production/,
    );
    expect(
      natsConnectionOptions({ ...nats, NODE_ENV: 'production', NATS_USER: 'gateway', NATS_PASSWORD: 'p' }),
    ).toMatchObject({
      user: 'gateway',
      pass: 'p',
    });
    expect(natsConnectionOptions({ ...nats, NODE_ENV: 'development' })).toEqual({ servers: ['nats://nats:4222'] });
  });
});
