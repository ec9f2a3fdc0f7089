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
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** Port of the small HTTP health listener (`/healthz`, `/readyz`) of processes without HTTP; unset: none. */
  HEALTH_PORT: z.preprocess(
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
  return result.data;
}

export function loadBaseEnv(source: NodeJS.ProcessEnv = process.env): BaseEnv {
  return parseEnv(baseEnvSchema, source);
}
