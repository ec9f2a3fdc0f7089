// The whole product on its own PostgreSQL, NATS and Redis (throwaway instances on free ports), so a
// test or the chaos run may stop, kill and restart any of them, and any process of the stack.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { ensureDatabase } from './infra.mjs';
import { startOwnNats, startOwnPostgres, startOwnRedis } from './own-infra.mjs';
import { freePort, migrateAll, startStack } from './stack.mjs';

export async function startFaultStack({ env: extraEnv = {}, log: logLine = () => {}, readyTimeoutMs = 180_000 } = {}) {
  // Errors of every process (level 50+, or an uncaught crash) are kept for the test's report.
  const errors = [];
  const log = (name, line) => {
    if (/"level":(5|6)\d/.test(line) || /Error|FATAL/.test(line)) errors.push(`${name} ${line.slice(0, 1500)}`);
    logLine(name, line);
  };
  const [postgres, nats, redis] = await Promise.all([startOwnPostgres(), startOwnNats(), startOwnRedis()]);
  const infra = { postgres, nats, redis };
  const id = `fault${Date.now().toString(36)}`;
  const env = {
    ...process.env,
    DATABASE_URL: postgres.url,
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    NATS_SUBJECT_PREFIX: `${id}.`,
    REDIS_PREFIX: `${id}:`,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    SHUTDOWN_GRACE_MS: '2000',
    RATE_LIMIT_SIGNIN_PER_IP: '100000',
    RATE_LIMIT_SIGNUP_PER_IP: '100000',
    RATE_LIMIT_PUBLIC_WRITES_PER_IP: '100000',
    OUTBOX_DIR: `${tmpdir()}/rp-outbox-${id}`,
    ...extraEnv,
  };
  let stack;
  try {
    await ensureDatabase(env.DATABASE_URL);
    await migrateAll(env, log);
    stack = await startStack({ env, port: await freePort(), log, readyTimeoutMs });
  } catch (err) {
    await Promise.allSettled(Object.values(infra).map((i) => i.remove()));
    throw err;
  }
  return {
    ...stack,
    infra,
    errors,
    env: stack.env,
    async stop() {
      await stack.stop();
      await Promise.allSettled(Object.values(infra).map((i) => i.remove()));
      rmSync(env.OUTBOX_DIR, { recursive: true, force: true });
    },
  };
}
