// An isolated namespace for one test run: its own database, NATS subjects/stream and Redis keys.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dropDatabase, deleteEventStream, deleteRedisKeys, ensureDatabase, withDefaults } from './infra.mjs';

/** `base` holds DATABASE_URL, REDIS_URL and NATS_URL of the servers to use (see infra-source.mjs). */
export function createTestRun(label = 'test', base = withDefaults()) {
  const id = `${label}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const url = new URL(base.DATABASE_URL);
  url.pathname = `/rp_${id}`;
  const env = {
    ...base,
    DATABASE_URL: url.toString(),
    NATS_SUBJECT_PREFIX: `${id}.`,
    REDIS_PREFIX: `${id}:`,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    SHUTDOWN_GRACE_MS: '300',
    // Many sign-ups come from one address in a test run; per-e-mail limits stay as in production.
    RATE_LIMIT_SIGNIN_PER_IP: '10000',
    RATE_LIMIT_SIGNUP_PER_IP: '10000',
    RATE_LIMIT_PUBLIC_WRITES_PER_IP: '10000',
    RATE_LIMIT_STRAVA_WEBHOOK_PER_IP: '10000',
    RATE_LIMIT_BILLING_PER_IP: '10000',
    RATE_LIMIT_ACCOUNT_PER_IP: '10000',
    RATE_LIMIT_PAGE_EVENTS_PER_IP: '10000',
    OUTBOX_DIR: `${tmpdir()}/rp-outbox-${id}`,
    // Every typed RPC answer is checked against its contract (libs/contracts/src/rpc).
    RPC_VALIDATE_RESPONSES: 'true',
  };
  return {
    id,
    env,
    streamName: `${id.toUpperCase()}_DOMAIN_EVENTS`,
    /** `template`: a migrated run's DATABASE_URL to copy instead of starting empty. */
    async setUp({ template } = {}) {
      await ensureDatabase(env.DATABASE_URL, { template });
    },
    async tearDown() {
      await Promise.allSettled([
        dropDatabase(env.DATABASE_URL),
        deleteEventStream(env.NATS_URL, `${id.toUpperCase()}_DOMAIN_EVENTS`),
        deleteEventStream(env.NATS_URL, `${id.toUpperCase()}_SESSION_REVOCATIONS`),
        deleteRedisKeys(env.REDIS_URL, env.REDIS_PREFIX),
      ]);
      rmSync(env.OUTBOX_DIR, { recursive: true, force: true });
    },
  };
}
