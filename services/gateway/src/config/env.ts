import { ACCESS_TOKEN_TTL_SECONDS, ACTIVITY_FILE_LIMITS } from '@runpledge/contracts';
import { DEVELOPMENT_DEFAULTS, baseEnvSchema, parseEnv } from '@runpledge/server-kit/config';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The largest upload body: a 10 MB file and its multipart framing. */
const UPLOAD_BODY_MAX = ACTIVITY_FILE_LIMITS.maxBytes + ACTIVITY_FILE_LIMITS.multipartOverheadBytes;

const defaultWebDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

export const gatewayEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  WEB_DIST: z.string().default(defaultWebDist),
  /** Deadline of every request the gateway sends over NATS. */
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Check every typed RPC answer against its contract's schema (test stacks; costs a parse per call). */
  RPC_VALIDATE_RESPONSES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** How long a runner page's view stays in a replica's memory without an announcement (tests shorten it). */
  PROFILE_VIEW_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * How long a replica answers a visitor's read of a team page from memory (teams change with every
   * member's donation, so briefly; 0 turns it off). This replica's own team writes drop it at once.
   */
  TEAM_VIEW_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** How long an events list or event page read stays in a replica's memory (0: off). */
  EVENT_VIEW_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** How long a visitor's read of a charity page stays in a replica's memory (0: off). */
  CHARITY_VIEW_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Deadline of each service's ping in the readiness check. */
  HEALTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(2000),
  /** How often the background loop pings each service for the readiness body. */
  READINESS_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** After SIGTERM: how long readiness answers 503 before the server stops taking requests. */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Public JWKs (JSON array) access tokens are accepted from (read by loadVerificationKeys), pinned by
   * the deployment; the gateway also accepts the keys identity publishes (`identity.keys.list`).
   */
  ACCESS_TOKEN_PUBLIC_KEYS: z.string().optional(),
  /** Lifetime of identity's access tokens: how long this replica remembers a revoked session. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(ACCESS_TOKEN_TTL_SECONDS),
  /** How long a sign-out waits for identity before answering and leaving the revocation to the retry loop. */
  SIGNOUT_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** How often a replica retries the sign-outs identity has not confirmed yet (kept in Redis). */
  SIGNOUT_RETRY_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** Signs the session cookie. */
  SESSION_SECRET: z
    .string()
    .min(32, 'SESSION_SECRET must be at least 32 characters')
    .default(DEVELOPMENT_DEFAULTS.SESSION_SECRET),
  /** Prefix of every Redis key (rate limits), so several deployments or test runs can share a server. */
  REDIS_PREFIX: z.string().default('rp:'),
  /** Per-IP budgets of the auth rate limits; per-e-mail budgets are fixed. Raised by test stacks. */
  RATE_LIMIT_SIGNIN_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_PUBLIC_WRITES_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Pledges per mile made with one e-mail address per hour (each mails that address). */
  RATE_LIMIT_PLEDGES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  /** Owner insights' page events (views, shares, donate clicks, challenge choices) per IP per minute. */
  RATE_LIMIT_PAGE_EVENTS_PER_IP: z.coerce.number().int().min(1).default(60),
  /** Account calls (password reset, e-mail change, export, deletion) per IP per 15 minutes. */
  RATE_LIMIT_ACCOUNT_PER_IP: z.coerce.number().int().min(1).default(20),
  /** An owner's "Refresh totals" per page per minute. */
  RATE_LIMIT_TOTALS_REFRESH_PER_MINUTE: z.coerce.number().int().min(1).default(4),
  /** Strava's event posts per minute from one address (Strava pushes from few); a flood gets 429. */
  RATE_LIMIT_STRAVA_WEBHOOK_PER_IP: z.coerce.number().int().min(1).default(600),
  /** Billing calls that could guess a code or a checkout session, per 15 minutes. */
  RATE_LIMIT_BILLING_PER_USER: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_BILLING_PER_IP: z.coerce.number().int().min(1).default(30),
  /**
   * Worker threads shared by drawing (share cards, posters) and reading activity files, off the
   * event loop. A poster or a 10 MB file takes one for about a second and up to ~200 MB of resident
   * memory while it does: one thread fits the gateway's 512Mi pod (1-CPU limit) with the event loop's own
   * work; each further thread needs its memory on top (`npm run bench`'s memory case measures it).
   */
  WORKER_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  /**
   * Each worker thread's V8 heap (old generation) at most: past it the task ends (503 or 400), not the
   * pod. A 10 MB GPX file, read as it streams in, needs ~50 MB; a poster less.
   */
  WORKER_THREAD_HEAP_MB: z.coerce.number().int().min(32).max(2048).default(80),
  /** An idle worker thread ends after this long, and gives its memory back. */
  WORKER_THREAD_IDLE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Files that may wait for a reading thread; past that: 503 with Retry-After. */
  ACTIVITY_FILE_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(8),
  /**
   * Bytes of activity-file uploads one runner may have in flight in a replica (declared body
   * lengths, reserved before the body is read; past it: 503 with Retry-After). Default: one 10 MB file.
   */
  ACTIVITY_UPLOAD_BYTES_PER_USER: z.coerce.number().int().min(UPLOAD_BODY_MAX).default(UPLOAD_BODY_MAX),
  /** Bytes of activity-file uploads in flight in a replica, all runners together. Default: three 10 MB files. */
  ACTIVITY_UPLOAD_BYTES_MAX: z.coerce
    .number()
    .int()
    .min(UPLOAD_BODY_MAX)
    .default(3 * UPLOAD_BODY_MAX),
  /** Activity files one runner may upload per 10 minutes. */
  RATE_LIMIT_ACTIVITY_UPLOADS_PER_USER: z.coerce.number().int().min(1).default(60),
  /** Drawings that may wait for a thread (a few seconds' worth); past that: 503 with Retry-After. */
  RENDER_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(4),
  /** New posters one user may have drawn per hour (a drawn poster is served again for free). */
  RATE_LIMIT_POSTER_RENDERS_PER_USER: z.coerce.number().int().min(1).default(20),
  /** GET /api/teams/{slug} per IP and minute. */
  RATE_LIMIT_TEAM_READS_PER_IP: z.coerce.number().int().min(1).default(300),
  /** GET /api/events and GET /api/events/{slug} per IP and minute. */
  RATE_LIMIT_EVENT_READS_PER_IP: z.coerce.number().int().min(1).default(600),
  /** POST /api/teams/{id}/members (with or without an invite code) per user, and per IP, per 15 minutes. */
  RATE_LIMIT_TEAM_JOINS_PER_USER: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_TEAM_JOINS_PER_IP: z.coerce.number().int().min(1).default(60),
  /** GET /api/charities and /api/charities/{slug} per IP and minute. */
  RATE_LIMIT_CHARITY_READS_PER_IP: z.coerce.number().int().min(1).default(300),
  /** Charity writes that mail (create, verification, staff invitations, messages) per user per 15 minutes. */
  RATE_LIMIT_CHARITY_WRITES_PER_USER: z.coerce.number().int().min(1).default(30),
  /** Verification and invitation links tried per IP per 15 minutes. */
  RATE_LIMIT_CHARITY_TOKENS_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Google Analytics 4 id the web app was built with (VITE_GA_MEASUREMENT_ID): opens the CSP to gtag.js. */
  GA_MEASUREMENT_ID: z
    .string()
    .trim()
    .regex(/^G-[A-Z0-9]+$/, 'GA_MEASUREMENT_ID looks like G-XXXXXXXXXX')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

export const env: GatewayEnv = parseEnv(gatewayEnvSchema);
