// `npm run bench`: load figures for the gateway. Starts an isolated stack, then measures with
// autocannon (50 connections):
//   1. GET /api/health/ready (fans out a ping to each service over NATS; each touches PostgreSQL)
//   2. GET /api/fitness-profile/{id} (gateway → NATS → fitness → PostgreSQL)
//   3. the same read done directly in one process (Fastify + pg), the baseline for the ratio.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { freePort } from './jest/helpers.mjs';
import { migrateAll, startStack } from './lib/stack.mjs';
import { createTestRun } from './lib/test-run.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function measure(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

function summary(name, result) {
  return {
    name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const run = createTestRun('bench');
await run.setUp();
let stack;
let direct;
const pool = new pg.Pool({ connectionString: run.env.DATABASE_URL, max: 10 });
try {
  await migrateAll(run.env);
  const profileId = randomUUID();
  await pool.query(
    `INSERT INTO fitness.fitness_profiles (profile_id, user_id, training_start_date, strava_connected) VALUES ($1, $2, '2026-06-01', true)`,
    [profileId, randomUUID()],
  );
  stack = await startStack({ env: { ...run.env, LOG_LEVEL: 'warn' }, port: await freePort() });

  // The baseline: the same row read and shaped in one process.
  direct = Fastify();
  direct.get('/direct/:profileId', async (request) => {
    const { rows } = await pool.query(
      'SELECT strava_connected, training_start_date, needs_reconnect, last_synced_at FROM fitness.fitness_profiles WHERE profile_id = $1',
      [request.params.profileId],
    );
    const row = rows[0];
    return {
      stravaConnected: row.strava_connected,
      trainingStartDate: row.training_start_date,
      needsReconnect: row.needs_reconnect,
      lastSyncedAt: row.last_synced_at,
    };
  });
  const directUrl = await direct.listen({ port: 0, host: '127.0.0.1' });

  console.log(`autocannon: ${connections} connections, ${duration} s each\n`);
  const rows = [];
  rows.push(
    summary('gateway /api/health/ready (4 NATS pings + SELECT 1 each)', await measure(`${stack.url}/api/health/ready`)),
  );
  const viaGateway = await measure(`${stack.url}/api/fitness-profile/${profileId}`);
  rows.push(summary('gateway /api/fitness-profile/:id (NATS + PostgreSQL)', viaGateway));
  const inProcess = await measure(`${directUrl}/direct/${profileId}`);
  rows.push(summary('direct, one process (Fastify + pg)', inProcess));
  console.table(rows);
  const ratio = viaGateway.requests.average / inProcess.requests.average;
  console.log(`gateway path / direct path throughput ratio: ${ratio.toFixed(2)}`);
} finally {
  await direct?.close();
  await stack?.stop();
  await pool.end();
  await run.tearDown();
}
