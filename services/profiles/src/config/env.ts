import { baseEnvSchema, mailEnvSchema, parseEnv } from '@runpledge/server-kit';
import { z } from 'zod';

/** Where the local donation-platform emulators (tools/emulators) listen, and the key JustGiving's knows. */
export const DONATION_EMULATORS = {
  donorDriveUrl: 'http://127.0.0.1:12113',
  justGivingUrl: 'http://127.0.0.1:12114',
  justGivingApiKey: 'local-justgiving-key',
};

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

export const profilesEnvSchema = baseEnvSchema
  .extend({
    ...mailEnvSchema.shape,
    /** Links in the owner's e-mails (a challenge claim, a milestone) point here. */
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    /** Prefix of every Redis key; the `totals-sync` queue lives under it too. */
    REDIS_PREFIX: z.string().default('rp:'),
    /** JustGiving's API key (sent as `x-api-key`); unset: the emulator outside production, manual totals in it. */
    JUSTGIVING_API_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    /** JustGiving's API address; unset: https://api.justgiving.com with a key, else the emulator. */
    JUSTGIVING_API_URL: optionalUrl,
    /**
     * Development only: every DonorDrive instance is reached at this address (the emulator), whatever
     * host the runner typed. Refused in production, where each page's own instance is asked.
     */
    DONORDRIVE_BASE_URL: optionalUrl,
    /** Comma-separated host names DonorDrive instances may have (`*.donordrive.com` style); unset: any public host. */
    DONORDRIVE_ALLOWED_HOSTS: z.string().default(''),
    /**
     * Comma-separated origins of local platform emulators (`http://127.0.0.1:12113`): the only
     * addresses fetched or saved without the rule every other platform address meets (https, public).
     */
    PLATFORM_EMULATOR_ORIGINS: z
      .string()
      .default('')
      .transform((value, ctx) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
          .map((entry) => {
            try {
              return new URL(entry).origin;
            } catch {
              ctx.addIssue({ code: 'custom', message: `${entry} is not an origin (http://host:port)` });
              return z.NEVER;
            }
          }),
      ),
    /** The owner's claim mail waits this long after a claim, gathering the claims made meanwhile into one digest. */
    CLAIM_DIGEST_DELAY_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(15 * 60_000),
    /** Every published page's totals are re-read this often, spread over the interval. */
    TOTALS_SYNC_EVERY_SECONDS: positiveInt(300),
    TOTALS_SYNC_CONCURRENCY: positiveInt(8),
    /**
     * Of those, how many one platform host may hold at once (per worker process): a slow host's pages
     * wait their turn without holding the others' slots.
     */
    TOTALS_PER_HOST_CONCURRENCY: positiveInt(2),
    /** A page whose host has no free slot is tried again after this long (not an attempt). */
    TOTALS_HOST_BUSY_DELAY_MS: positiveInt(1_000),
    /** Absolute deadline of one request to a donation platform, from connecting to the last byte. */
    TOTALS_REQUEST_TIMEOUT_MS: positiveInt(5_000),
    /** Deadline of one page's sync (its platform requests together); past it the job retries later. */
    TOTALS_JOB_TIMEOUT_MS: positiveInt(15_000),
    /** First delay after a 429 or 5xx; doubles each attempt. */
    TOTALS_RETRY_DELAY_MS: positiveInt(5_000),
    TOTALS_SYNC_ATTEMPTS: positiveInt(6),
    /** ms between two reads of one participant (INTEGRATIONS.md: 15 s); tests may shorten it. */
    TOTALS_MIN_INTERVAL_MS: positiveInt(15_000),
    /** Pledges per mile: lapses, due dates and reminders are looked for this often. */
    PLEDGES_SWEEP_EVERY_SECONDS: positiveInt(300),
    /** Race day: the followers' race-morning mails and unconfirmed follows' lapses are looked for this often. */
    RACE_DAY_SWEEP_EVERY_SECONDS: positiveInt(300),
    /** Pledge mails sent at once per worker process. */
    PLEDGE_MAIL_CONCURRENCY: positiveInt(16),
    /** Pledges fixed and mailed per transaction when a page's pledges fall due. */
    PLEDGES_DUE_BATCH: z.coerce.number().int().min(1).max(10_000).default(1000),
    /** The worker copies owner insights' live counters from Redis to PostgreSQL this often. */
    INSIGHTS_FLUSH_EVERY_SECONDS: positiveInt(300),
  })
  .refine((e) => e.NODE_ENV !== 'production' || !e.DONORDRIVE_BASE_URL, {
    path: ['DONORDRIVE_BASE_URL'],
    message: 'DONORDRIVE_BASE_URL is for development only; production asks each instance',
  })
  .transform((e) => {
    const production = e.NODE_ENV === 'production';
    const justGivingKey = e.JUSTGIVING_API_KEY ?? (production ? undefined : DONATION_EMULATORS.justGivingApiKey);
    return {
      ...e,
      justGiving: justGivingKey
        ? {
            apiKey: justGivingKey,
            baseUrl: (
              e.JUSTGIVING_API_URL ??
              (e.JUSTGIVING_API_KEY ? 'https://api.justgiving.com' : DONATION_EMULATORS.justGivingUrl)
            ).replace(/\/$/, ''),
          }
        : null,
      donorDrive: {
        baseUrlOverride: e.DONORDRIVE_BASE_URL?.replace(/\/$/, ''),
        allowedHosts: e.DONORDRIVE_ALLOWED_HOSTS.split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      },
    };
  });
export type ProfilesEnv = z.infer<typeof profilesEnvSchema>;

export const env: ProfilesEnv = parseEnv(profilesEnvSchema);
