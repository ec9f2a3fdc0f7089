import { z } from 'zod';

/** Environment every back-end process reads; safe local defaults, validated at start. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/runpledge'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  /** This process's own NATS user (see natsServerConfig); unset locally, where NATS trusts everyone. */
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().optional(),
  /** A NATS credentials file (nkey/JWT) instead of NATS_USER/NATS_PASSWORD. */
  NATS_CREDS: z.string().min(1).optional(),
  /** CA of the NATS server's TLS certificate (production: NATS_URL=tls://...). */
  NATS_TLS_CA_FILE: z.string().min(1).optional(),
  /** Namespaces every subject, stream and key so parallel runs (tests, stacks) never collide. */
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^([a-z0-9_-]+\.)?$/i, 'NATS_SUBJECT_PREFIX must be empty or one token ending in a dot')
    .default(''),
  /** Deliveries of a domain event whose handler keeps failing before it is parked in the dead-letter stream. */
  EVENT_MAX_DELIVERIES: z.coerce.number().int().min(1).max(100).default(5),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** This process's name in PostgreSQL's pg_stat_activity (set by the process launcher); unset: the schema. */
  DB_APPLICATION_NAME: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().max(63, 'DB_APPLICATION_NAME must be at most 63 characters (PostgreSQL truncates it)').optional(),
  ),
  /** Port of the small HTTP health listener (`/healthz`, `/readyz`) of processes without HTTP; unset: none. */
  HEALTH_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  /** Port of this process's Prometheus `/metrics` listener (never the public one); unset: none. */
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
});
export type BaseEnv = z.infer<typeof baseEnvSchema>;

/** Parses `source` with `schema`; throws one readable error naming every bad variable. */
export function parseEnv<TSchema extends z.ZodType>(
  schema: TSchema,
  source: NodeJS.ProcessEnv = process.env,
): z.infer<TSchema> {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  if ((result.data as { NODE_ENV?: string }).NODE_ENV === 'production') {
    const problems = productionProblems(schema, source);
    if (problems.length > 0) {
      throw new Error(`Invalid configuration for production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    }
  }
  return result.data;
}

export function loadBaseEnv(source: NodeJS.ProcessEnv = process.env): BaseEnv {
  return parseEnv(baseEnvSchema, source);
}

/**
 * One variable of the base schema, validated as the whole schema would be: for plumbing that runs
 * before (or without) a process's own configuration, such as the first logger or a subject prefix.
 */
export function baseEnvValue<K extends keyof BaseEnv>(key: K, source: NodeJS.ProcessEnv = process.env): BaseEnv[K] {
  const result = baseEnvSchema.shape[key].safeParse(source[key]);
  if (!result.success) {
    throw new Error(`Invalid configuration:\n  ${key}: ${result.error.issues.map((i) => i.message).join(', ')}`);
  }
  return result.data as BaseEnv[K];
}

/** Values that only make sense on a developer's machine; production refuses to start with any of them. */
export const DEVELOPMENT_DEFAULTS = {
  SESSION_SECRET: 'development-only-session-secret-change-me',
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 'runpledge-dev-only-token-key').toString('base64'),
  STRAVA_WEBHOOK_VERIFY_TOKEN: 'runpledge-local-verify-token',
} as const;

/** Secrets a process must be given in production when its configuration declares them. */
const PRODUCTION_SECRETS = [
  'SESSION_SECRET',
  'TOKEN_ENCRYPTION_KEY',
  'STRAVA_WEBHOOK_VERIFY_TOKEN',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRAVA_CLIENT_ID',
  'STRAVA_CLIENT_SECRET',
  'SMTP_URL',
  'ACCESS_TOKEN_KEYS',
  'ACCESS_TOKEN_PUBLIC_KEYS',
] as const;
/** Set only to reach the local emulators (tools/emulators). */
const EMULATOR_ONLY = ['STRIPE_API_BASE'] as const;
/** Addresses of outside parties: never this machine in production. */
const OUTSIDE_URLS = ['PUBLIC_URL', 'STRAVA_BASE_URL'] as const;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i;

function declaredKeys(schema: z.ZodType): Set<string> {
  const def = (schema as { _zod: { def: { type: string; in?: z.ZodType; shape?: Record<string, unknown> } } })._zod.def;
  if (def.type === 'object') return new Set(Object.keys((schema as z.ZodObject).shape));
  if (def.in) return declaredKeys(def.in);
  return new Set();
}

/**
 * What makes a configuration unfit for production, one line per variable: a secret missing or left at
 * its development default, an emulator URL, a loopback address for the public site or an outside party.
 * Only the variables `schema` declares are checked (each process needs its own).
 */
export function productionProblems(schema: z.ZodType, source: NodeJS.ProcessEnv): string[] {
  const declared = declaredKeys(schema);
  const problems: string[] = [];
  const value = (key: string) => (source[key] === '' ? undefined : source[key]);
  for (const key of PRODUCTION_SECRETS) {
    if (!declared.has(key)) continue;
    const given = value(key);
    if (given === undefined) problems.push(`${key}: must be set in production`);
    else if (given === DEVELOPMENT_DEFAULTS[key as keyof typeof DEVELOPMENT_DEFAULTS]) {
      problems.push(`${key}: is the development default; set a secret of your own in production`);
    }
  }
  for (const key of EMULATOR_ONLY) {
    if (declared.has(key) && value(key) !== undefined) {
      problems.push(`${key}: points at the local emulator; unset it in production`);
    }
  }
  for (const key of OUTSIDE_URLS) {
    const given = value(key);
    if (!declared.has(key)) continue;
    if (key === 'PUBLIC_URL' && given === undefined) {
      problems.push(`${key}: must be set in production (the site's public https address)`);
      continue;
    }
    if (given === undefined) continue;
    let url: URL | undefined;
    try {
      url = new URL(given);
    } catch {
      continue; // the schema names a malformed URL itself
    }
    if (LOOPBACK.test(url.hostname)) problems.push(`${key}: is a local address (${url.host}); refused in production`);
    else if (key === 'PUBLIC_URL' && url.protocol !== 'https:') problems.push(`${key}: must be https in production`);
  }
  return problems;
}
