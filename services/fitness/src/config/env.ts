import { DEVELOPMENT_DEFAULTS, baseEnvSchema, parseEnv } from '@runpledge/server-kit';
import { z } from 'zod';

/** Where the local Strava emulator (tools/emulators) listens, and the client it knows. */
export const STRAVA_EMULATOR = {
  baseUrl: 'http://127.0.0.1:12112',
  clientId: 'local-client',
  clientSecret: 'local-secret',
};

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const fitnessEnvSchema = baseEnvSchema
  .extend({
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    /** Prefix of every Redis key; the BullMQ queue lives under it too. */
    REDIS_PREFIX: z.string().default('rp:'),
    STRAVA_CLIENT_ID: z.string().optional(),
    STRAVA_CLIENT_SECRET: z.string().optional(),
    /** Strava's address; unset: https://www.strava.com with real keys, else the local emulator. */
    STRAVA_BASE_URL: z.url().optional(),
    /** What Strava must echo when it validates the webhook subscription. */
    STRAVA_WEBHOOK_VERIFY_TOKEN: z.string().min(1).default(DEVELOPMENT_DEFAULTS.STRAVA_WEBHOOK_VERIFY_TOKEN),
    /** The worker makes sure Strava pushes events to `{PUBLIC_URL}/api/webhooks/strava`. */
    STRAVA_WEBHOOK_SUBSCRIBE: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** `consent`: Strava data is public once the runner agreed; `owner`: only the runner sees it. */
    STRAVA_PUBLIC_DISPLAY: z.enum(['consent', 'owner']).default('consent'),
    /** AES-256-GCM key (32 bytes, base64) for the Strava tokens at rest; also signs OAuth state. */
    TOKEN_ENCRYPTION_KEY: z
      .string()
      .default(DEVELOPMENT_DEFAULTS.TOKEN_ENCRYPTION_KEY)
      .refine((key) => Buffer.from(key, 'base64').length === 32, 'TOKEN_ENCRYPTION_KEY must be 32 bytes, base64'),
    /** Strava's read limits for this app (raised by Strava on request); headers correct them at run time. */
    STRAVA_RATE_LIMIT_SHORT: positiveInt(100),
    STRAVA_RATE_LIMIT_DAILY: positiveInt(1000),
    /** Length of the short window; Strava's is 15 minutes, the emulator may scale it down. */
    STRAVA_RATE_WINDOW_SECONDS: positiveInt(900),
    /** Every connected athlete is re-synced this often, in case a webhook was missed. */
    STRAVA_RECONCILE_EVERY_MINUTES: positiveInt(360),
    SYNC_WORKER_CONCURRENCY: positiveInt(8),
    /** One Strava call waits at most this long (a hung Strava fails it; the sync job retries later). */
    STRAVA_TIMEOUT_MS: positiveInt(15_000),
  })
  .transform((e) => {
    const realKeys = Boolean(e.STRAVA_CLIENT_ID && e.STRAVA_CLIENT_SECRET);
    return {
      ...e,
      strava: {
        baseUrl: (e.STRAVA_BASE_URL ?? (realKeys ? 'https://www.strava.com' : STRAVA_EMULATOR.baseUrl)).replace(
          /\/$/,
          '',
        ),
        clientId: realKeys ? e.STRAVA_CLIENT_ID! : STRAVA_EMULATOR.clientId,
        clientSecret: realKeys ? e.STRAVA_CLIENT_SECRET! : STRAVA_EMULATOR.clientSecret,
        redirectUri: `${e.PUBLIC_URL.replace(/\/$/, '')}/api/strava/callback`,
        requestTimeoutMs: e.STRAVA_TIMEOUT_MS,
        webhookCallbackUrl: `${e.PUBLIC_URL.replace(/\/$/, '')}/api/webhooks/strava`,
      },
    };
  });
export type FitnessEnv = z.infer<typeof fitnessEnvSchema>;

export const env: FitnessEnv = parseEnv(fitnessEnvSchema);
