// `npm run bench`: load figures for the gateway, then the Strava sync (bench-strava-sync.mjs).
// Starts an isolated stack, then measures with autocannon (50 connections):
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
  const userId = randomUUID();
  await pool.query(`INSERT INTO fitness.fitness_profiles (profile_id, user_id, url_slug) VALUES ($1, $2, 'bench')`, [
    profileId,
    userId,
  ]);
  await pool.query(
    `INSERT INTO fitness.strava_connections (user_id, athlete_id, access_token, refresh_token, token_expires_at, training_start_date)
     VALUES ($1, '1', 'v1.x', 'v1.x', now(), '2026-06-01')`,
    [userId],
  );
  stack = await startStack({ env: { ...run.env, LOG_LEVEL: 'warn' }, port: await freePort() });

  // The baseline: the same row read and shaped in one process.
  direct = Fastify();
  direct.get('/direct/:profileId', async (request) => {
    const { rows } = await pool.query(
      `SELECT c.training_start_date, c.needs_reconnect, c.last_synced_at, c.public_display_consent
       FROM fitness.fitness_profiles p JOIN fitness.strava_connections c ON c.user_id = p.user_id WHERE p.profile_id = $1`,
      [request.params.profileId],
    );
    const row = rows[0];
    return {
      stravaConnected: true,
      trainingStartDate: row.training_start_date,
      needsReconnect: row.needs_reconnect,
      lastSyncedAt: row.last_synced_at,
      publicDisplayConsent: row.public_display_consent,
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

const { runStravaSyncBench } = await import('./bench-strava-sync.mjs');
await runStravaSyncBench();
