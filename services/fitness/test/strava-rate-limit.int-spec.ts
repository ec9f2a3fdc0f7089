import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { startFitnessHarness, type FitnessHarness } from './fitness-harness.js';

// Strava's limits scaled down: 12 reads per 10-second window.
const WINDOW_MS = 10_000;
const LIMIT = 12;
// 1,000 activities are 5 pages of 200.
const ACTIVITIES = 1000;

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

  const stravaStats = () => h.emulatorCall<{ requests: number; rate_limited: number }>('GET', '/_emulator/stats');

  it('two workers together stay under the limit, and queued jobs survive stopping every worker', async () => {
    const runners = [];
    for (let i = 0; i < 6; i++) {
      const runner = await h.newRunner();
      runners.push({ ...runner, seeded: await h.seedAthlete(ACTIVITIES) }); // 5 pages each
    }
    for (const runner of runners) await h.connect(runner.userId, runner.seeded); // 6 reads
    // 6 backfills queued: 30 reads, three windows. However slowly the workers start, stopping them once
    // the first 12 are spent comes a whole window before the last page could be read.
    for (const runner of runners) await h.setUp(runner.userId);
    // Start at the beginning of a window, so the reads past its 12 wait long enough to be requeued.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS - (Date.now() % WINDOW_MS) + 100));
    const started = Date.now();
    const workerA = await h.startWorker();
    const workerB = await h.startWorker();
    // Once a window's 12 reads are spent, the remaining backfills wait for the next window...
    await eventually(async () => expect((await stravaStats()).requests).toBeGreaterThanOrEqual(6 + LIMIT), {
      timeoutMs: 20_000,
    });
    // ...and every worker stops: what is still queued waits in Redis for the next worker.
    await h.stopWorker(workerA);
    await h.stopWorker(workerB);
    const storedBeforeRestart = (await Promise.all(runners.map((r) => h.countActivities(r.userId)))).reduce(
      (a, b) => a + b,
    );
    expect(storedBeforeRestart).toBeLessThan(runners.length * ACTIVITIES);
    await h.startWorker();
    for (const runner of runners) {
      await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(ACTIVITIES), {
        timeoutMs: 40_000,
      });
    }
    const stats = await stravaStats();
    // 36 reads or more (the scheduled reconcile may add some) at 12 a window: never one 429, and the
    // backfills' 30 reads ran over more than one window.
    expect(stats.requests).toBeGreaterThanOrEqual(6 + runners.length * 5);
    expect(stats.rate_limited).toBe(0);
    expect(Math.floor(Date.now() / WINDOW_MS)).toBeGreaterThan(Math.floor(started / WINDOW_MS));
  }, 120_000);
});
