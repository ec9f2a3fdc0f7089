// Checks and prepares PostgreSQL, Redis and NATS (JetStream) for a stack or a test run.
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { Redis } from 'ioredis';
import pg from 'pg';

export const DEFAULTS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/runpledge',
  REDIS_URL: 'redis://127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
};

export const HOW_TO_START = {
  PostgreSQL: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  Redis:
    'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
  NATS: 'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log',
};

export function withDefaults(env = process.env) {
  return {
    DATABASE_URL: env.DATABASE_URL || DEFAULTS.DATABASE_URL,
    REDIS_URL: env.REDIS_URL || DEFAULTS.REDIS_URL,
    NATS_URL: env.NATS_URL || DEFAULTS.NATS_URL,
  };
}

/** The admin URL of the server holding `databaseUrl` (its `postgres` database). */
function adminUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

async function checkPostgres(databaseUrl) {
  const client = new pg.Client({ connectionString: adminUrl(databaseUrl), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => {});
  }
}

async function checkRedis(redisUrl) {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // ioredis reports the cause (e.g. ECONNREFUSED) as an event and rejects with "Connection is closed".
  let cause;
  redis.on('error', (err) => {
    cause ??= err;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw cause ?? err;
  } finally {
    redis.disconnect();
  }
}

async function checkNats(natsUrl) {
  const nc = await connect({ servers: natsUrl.split(','), timeout: 3000, reconnect: false });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.getAccountInfo();
  } catch (err) {
    throw new Error(`JetStream is not enabled (${err.message}); start nats-server with -js`, { cause: err });
  } finally {
    await nc.close();
  }
}

/** Resolves to `{ [name]: problem }` for each of PostgreSQL, Redis and NATS that does not answer. */
export async function checkInfrastructureByName(env = withDefaults()) {
  const checks = [
    ['PostgreSQL', env.DATABASE_URL, checkPostgres],
    ['Redis', env.REDIS_URL, checkRedis],
    ['NATS', env.NATS_URL, checkNats],
  ];
  const problems = {};
  await Promise.all(
    checks.map(async ([name, url, check]) => {
      try {
        await check(url);
      } catch (err) {
        problems[name] = `not reachable at ${redact(url)}: ${err.message}`;
      }
    }),
  );
  return problems;
}

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/**
 * Creates the database named in `databaseUrl` when it does not exist; with `template` (the URL of a
 * database nobody is connected to), as a copy of it, which is much quicker than migrating anew.
 */
export async function ensureDatabase(databaseUrl, { template } = {}) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const client = new pg.Client({ connectionString: adminUrl(databaseUrl) });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    const quote = (id) => `"${id.replace(/"/g, '""')}"`;
    const from = template ? ` TEMPLATE ${quote(decodeURIComponent(new URL(template).pathname.slice(1)))}` : '';
    if (!rowCount) await client.query(`CREATE DATABASE ${quote(name)}${from}`);
  } catch (err) {
    if (err.code !== '42P04') throw err; // created concurrently
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const client = new pg.Client({ connectionString: adminUrl(databaseUrl) });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Deletes a test run's JetStream stream (and with it its consumers). */
export async function deleteEventStream(natsUrl, streamName) {
  const nc = await connect({ servers: natsUrl.split(','), reconnect: false });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(streamName).catch(() => false);
  } finally {
    await nc.close();
  }
}

/** Deletes a test run's Redis keys (every key under its prefix). */
export async function deleteRedisKeys(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
