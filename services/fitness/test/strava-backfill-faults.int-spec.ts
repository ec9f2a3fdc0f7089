import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FITNESS, type StravaSyncReply } from '@runpledge/contracts';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { startFitnessHarness, type FitnessHarness } from './fitness-harness.js';

// Issue #16, item 5: a backfill while Strava answers 429 bursts, 5xx, hangs and dropped connections.
// Strava's real 15-minute window and a read budget of 50 in it: a 429 taken for "the window is spent"
// would stall the backfill for up to 15 minutes.
const READ_LIMIT = 50;
const ACTIVITIES = 900; // 5 pages of 200
const LIST = '/api/v3/athlete/activities';

describe('a Strava backfill under 429 bursts, 5xx, hangs and dropped connections', () => {
  let h: FitnessHarness;

  beforeAll(async () => {
    h = await startFitnessHarness({
      limits: { readShort: READ_LIMIT, overallShort: READ_LIMIT * 2, readDaily: 1000, overallDaily: 2000 },
      env: {
        STRAVA_RATE_LIMIT_SHORT: String(READ_LIMIT),
        STRAVA_RATE_LIMIT_DAILY: '1000',
        // A hung Strava fails a call after 1.5 s (the job retries), not after the default 15 s.
        STRAVA_TIMEOUT_MS: '1500',
      },
    });
    await h.startWorker();
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  type Stats = { requests: number; rate_limited: number; usage: { readShort: number } };
  const stravaStats = () => h.emulatorCall<Stats>('GET', '/_emulator/stats');
  const armed = async () => (await h.emulatorCall<{ data: unknown[] }>('GET', '/_emulator/faults')).data;
  const inject = (rules: Record<string, unknown>[]) => h.emulatorCall('POST', '/_emulator/faults', { rules });

  it('ends with every activity once, within the rate budget, the window still usable after', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(ACTIVITIES);
    await h.connect(runner.userId, seeded);
    const before = await stravaStats();

    // The first page: a burst of two 429s whose usage headers show room (Strava's "slow down", with
    // Retry-After 1 s), then a 503. Then the first and second pages are answered 1 s late (within the
    // client's 1.5 s timeout): the later pages' faults below are armed before those pages are asked,
    // however quickly the machine stores the first page.
    await inject([
      { kind: 'status', status: 429, retryAfterSeconds: 1, times: 2, path: LIST },
      { kind: 'status', status: 503, times: 1, path: LIST },
      { kind: 'delay', ms: 1000, times: 2, path: LIST },
    ]);
    const started = Date.now();
    await h.setUp(runner.userId);
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBeGreaterThanOrEqual(200), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    // Later pages: a call that hangs past the client's timeout, a dropped connection, a 502, and a
    // burst of four 429s (longer than one read waits out: the queue pauses for Retry-After).
    await inject([
      { kind: 'hang', ms: 10_000, times: 1, path: LIST },
      { kind: 'drop', times: 1, path: LIST },
      { kind: 'status', status: 502, times: 1, path: LIST },
      { kind: 'status', status: 429, retryAfterSeconds: 1, times: 4, path: LIST },
    ]);

    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(ACTIVITIES), {
      timeoutMs: 60_000,
      intervalMs: 200,
    });
    await eventually(async () => {
      const { rows } = await h.db.query('SELECT last_synced_at FROM fitness.strava_connections WHERE user_id = $1', [
        runner.userId,
      ]);
      expect(rows[0]?.last_synced_at).toBeTruthy();
    });
    const finishedMs = Date.now() - started;
    // Every injected fault was met (none left armed), and every activity is stored once.
    expect(await armed()).toEqual([]);
    const { rows } = await h.db.query(
      'SELECT count(*)::int AS n, count(DISTINCT external_id)::int AS distinct FROM fitness.activities WHERE user_id = $1',
      [runner.userId],
    );
    expect(rows[0]).toEqual({ n: ACTIVITIES, distinct: ACTIVITIES });

    // Within the rate budget: Strava never refused a read for its own limit, and every read sent
    // (answered, or faulted: 11 faults) fits in the window's 50.
    const after = await stravaStats();
    expect(after.rate_limited).toBe(0);
    const sent = after.requests - before.requests + 11;
    expect(sent).toBeLessThanOrEqual(READ_LIMIT);

    // The window was not thrown away on a 429 that said "room left": a sync now goes through at once.
    const again = await h.rpc<StravaSyncReply>(FITNESS.strava.sync, { userId: runner.userId });
    expect(again).toEqual({ message: 'Activities Synced', synced: 0 });
    console.log(`backfill under faults: ${ACTIVITIES} activities in ${finishedMs} ms, ${sent} reads sent`);
  }, 120_000);
});
