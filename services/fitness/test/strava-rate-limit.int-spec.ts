import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { startFitnessHarness, type FitnessHarness } from './fitness-harness.js';

// Strava's limits scaled down: 12 reads per 2-second window.
const WINDOW_MS = 2000;
const LIMIT = 12;

describe('the Strava rate limit across workers and restarts', () => {
  let h: FitnessHarness;

  beforeAll(async () => {
    h = await startFitnessHarness({
      limits: {
        readShort: LIMIT,
        overallShort: LIMIT * 2,
        readDaily: 100_000,
        overallDaily: 100_000,
        shortWindowMs: WINDOW_MS,
      },
      env: {
        STRAVA_RATE_WINDOW_SECONDS: String(WINDOW_MS / 1000),
        STRAVA_RATE_LIMIT_SHORT: String(LIMIT),
        SYNC_WORKER_CONCURRENCY: '4',
      },
    });
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('two workers together stay under the limit, and queued jobs survive stopping every worker', async () => {
    const runners = [];
    for (let i = 0; i < 6; i++) {
      const runner = await h.newRunner();
      runners.push({ ...runner, seeded: await h.seedAthlete(250) }); // 2 pages each
    }
    for (const runner of runners) await h.connect(runner.userId, runner.seeded); // 6 reads
    for (const runner of runners) await h.setUp(runner.userId); // 6 backfills queued: 12 reads
    const started = Date.now();
    const workerA = await h.startWorker();
    const workerB = await h.startWorker();
    await eventually(async () => expect(await h.countActivities(runners[0]!.userId)).toBe(250), { timeoutMs: 20_000 });

    // Every worker stops; what is still queued waits in Redis for the next worker.
    await h.stopWorker(workerA);
    await h.stopWorker(workerB);
    await h.startWorker();
    for (const runner of runners) {
      await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(250), { timeoutMs: 30_000 });
    }
    const stats = await h.emulatorCall<{ requests: number; rate_limited: number }>('GET', '/_emulator/stats');
    // 18 reads or more (the scheduled reconcile may add one) at 12 a window: never one 429.
    expect(stats.requests).toBeGreaterThanOrEqual(18);
    expect(stats.rate_limited).toBe(0);
    expect(Date.now() - started).toBeGreaterThan(WINDOW_MS / 2);
  }, 60_000);
});
