// Strava sync bench: N athletes with 200 activities each, synced by two fitness worker processes
// against the Strava emulator with its limits scaled down (default 100 reads per 15 s window).
//   phase 1: total time against the minimum the limit allows, share of the limit used, 429s;
//   phase 2: the limit lifted, the per-activity processing cost (wall clock and worker CPU).
// Scale: BENCH_STRAVA_ATHLETES (default 200; the full scale is 1000), BENCH_STRAVA_ACTIVITIES
// (200), BENCH_STRAVA_LIMIT (100), BENCH_STRAVA_WINDOW_S (15), BENCH_STRAVA_WORKERS (2),
// BENCH_STRAVA_CONCURRENCY (8 jobs per worker), BENCH_STRAVA_COST_ATHLETES (50).
import './lib/node-runtime.mjs';
import { startStravaEmulator } from '@runpledge/emulators';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { startQueueBench } from './lib/queue-bench.mjs';
import { ROOT, migrateAll } from './lib/stack.mjs';

const { encryptToken } = await import(`${ROOT}services/fitness/dist/strava-connections/token-cipher.util.js`);
const { STRAVA_SYNC_QUEUE } = await import(`${ROOT}services/fitness/dist/sync/sync-jobs.js`);

const int = (name, fallback) => Number(process.env[name] ?? fallback);

export async function runStravaSyncBench({
  athletes = int('BENCH_STRAVA_ATHLETES', 200),
  activities = int('BENCH_STRAVA_ACTIVITIES', 200),
  limit = int('BENCH_STRAVA_LIMIT', 100),
  windowSeconds = int('BENCH_STRAVA_WINDOW_S', 15),
  workers = int('BENCH_STRAVA_WORKERS', 2),
  concurrency = int('BENCH_STRAVA_CONCURRENCY', 8),
  costAthletes = int('BENCH_STRAVA_COST_ATHLETES', 50),
} = {}) {
  const bench = await startQueueBench('benchsync', STRAVA_SYNC_QUEUE);
  const { run, db, queue } = bench;
  const tokenKey = randomUUID().replace(/-/g, '').slice(0, 32);
  const emulator = await startStravaEmulator({
    port: 0,
    clientId: 'local-client',
    clientSecret: 'local-secret',
    defaultAthleteActivities: null,
    limits: {
      readShort: limit,
      overallShort: limit * 2,
      readDaily: 10_000_000,
      overallDaily: 10_000_000,
      shortWindowMs: windowSeconds * 1000,
    },
  });
  const baseEnv = {
    ...run.env,
    LOG_LEVEL: 'warn',
    STRAVA_BASE_URL: emulator.url,
    TOKEN_ENCRYPTION_KEY: Buffer.from(tokenKey).toString('base64'),
    STRAVA_RATE_WINDOW_SECONDS: String(windowSeconds),
    STRAVA_RATE_LIMIT_DAILY: '10000000',
    SYNC_WORKER_CONCURRENCY: String(concurrency),
    STRAVA_WEBHOOK_SUBSCRIBE: 'false',
  };
  const emu = async (method, path, body) => {
    const res = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    return res.json();
  };

  /** Athletes in the emulator and their connections in our table (as after a finished setup), no Strava call. */
  async function seed(count) {
    const users = [];
    for (let i = 0; i < count; i++) {
      const seeded = await emu('POST', '/_emulator/athletes', { activities, end_at: new Date().toISOString() });
      const userId = randomUUID();
      await db.query(
        `INSERT INTO fitness.strava_connections (user_id, athlete_id, scope, access_token, refresh_token, token_expires_at, training_start_date)
         VALUES ($1, $2, 'read,activity:read_all', $3, $4, $5, '2000-01-01')`,
        [
          userId,
          String(seeded.athlete.id),
          encryptToken(Buffer.from(tokenKey), seeded.access_token),
          encryptToken(Buffer.from(tokenKey), seeded.refresh_token),
          new Date(seeded.expires_at * 1000),
        ],
      );
      users.push(userId);
    }
    return users;
  }
  const stored = async (users) =>
    (await db.query('SELECT count(*)::int AS n FROM fitness.activities WHERE user_id = ANY($1)', [users])).rows[0].n;
  const cpuMs = (pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, 100 ticks a second
  };
  // Timing starts once every worker listens on the queue.
  const startWorkers = (env) => bench.startWorkers('fitness-worker', env, workers);
  async function syncAll(users) {
    const processes = bench.workerProcesses();
    const before = processes.map((p) => cpuMs(p.child.pid));
    const started = Date.now();
    await queue.addBulk(
      users.map((userId) => ({
        name: 'sync-athlete',
        data: { userId, reason: 'backfill' },
        opts: { deduplication: { id: `sync-${userId}` }, attempts: 6, backoff: { type: 'exponential', delay: 2000 } },
      })),
    );
    const expected = users.length * activities;
    while ((await stored(users)) < expected) await sleep(250);
    const elapsedMs = Date.now() - started;
    const cpu = processes.reduce((sum, p, i) => sum + cpuMs(p.child.pid) - before[i], 0);
    return { started, elapsedMs, cpu, expected };
  }

  try {
    await migrateAll(run.env);
    console.log(
      `\nStrava sync: ${athletes} athletes × ${activities} activities, limit ${limit} reads / ${windowSeconds} s, ${workers} workers × ${concurrency} jobs`,
    );

    // Phase 1: under the scaled-down limit.
    const users = await seed(athletes);
    await emu('POST', '/_emulator/rate-limits/reset');
    await startWorkers({ ...baseEnv, STRAVA_RATE_LIMIT_SHORT: String(limit) });
    const limited = await syncAll(users);
    const stats = await emu('GET', '/_emulator/stats');
    const windowMs = windowSeconds * 1000;
    const firstWindow = Math.floor(limited.started / windowMs);
    const lastWindow = Math.floor((limited.started + limited.elapsedMs) / windowMs);
    const windowsUsed = lastWindow - firstWindow + 1;
    const windowsNeeded = Math.ceil(stats.requests / limit);
    // The soonest the last request can go: the start of the last window the requests need.
    const minimumMs = Math.max((firstWindow + windowsNeeded - 1) * windowMs - limited.started, 0);
    console.table([
      {
        activities: limited.expected,
        'Strava requests': stats.requests,
        '429s': stats.rate_limited,
        'total s': (limited.elapsedMs / 1000).toFixed(1),
        'minimum s': (minimumMs / 1000).toFixed(1),
        windows: `${windowsUsed} (min ${windowsNeeded})`,
        'limit used %': ((100 * stats.requests) / (windowsUsed * limit)).toFixed(1),
      },
    ]);
    await bench.stopWorkers();

    // Phase 2: no limit in the way, what one activity costs us.
    const costUsers = await seed(costAthletes);
    await emu('PUT', '/_emulator/rate-limits', {
      read_short: 10_000_000,
      overall_short: 10_000_000,
      reset_usage: true,
    });
    await startWorkers({ ...baseEnv, STRAVA_RATE_LIMIT_SHORT: '10000000' });
    const free = await syncAll(costUsers);
    console.table([
      {
        activities: free.expected,
        'wall s': (free.elapsedMs / 1000).toFixed(2),
        'activities/s': Math.round(free.expected / (free.elapsedMs / 1000)),
        'wall ms/activity': (free.elapsedMs / free.expected).toFixed(3),
        'worker CPU ms/activity': (free.cpu / free.expected).toFixed(3),
      },
    ]);
  } finally {
    await bench.close(emulator);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runStravaSyncBench();
