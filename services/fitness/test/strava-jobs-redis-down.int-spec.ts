import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FITNESS, type StravaSyncReply } from '@runpledge/contracts';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { startOwnRedis } from '../../../scripts/lib/own-infra.mjs';
import { startFitnessHarness, type FitnessHarness } from './fitness-harness.js';

// Issue #16 item 4 (Redis stopped): Strava sync jobs a runner asks for while Redis is away are
// written to the job outbox (pending_jobs) with the request, not held in a process's memory, and run
// once Redis is back. The service and workers here use a Redis of their own, which the test stops.
describe('Strava sync jobs while Redis is down', () => {
  let h: FitnessHarness;
  let redis: Awaited<ReturnType<typeof startOwnRedis>>;

  beforeAll(async () => {
    redis = await startOwnRedis();
    h = await startFitnessHarness({
      env: { REDIS_URL: redis.url },
      limits: { readShort: 5000, overallShort: 5000, readDaily: 50_000, overallDaily: 50_000 },
    });
    await h.startWorker();
  }, 120_000);

  afterAll(async () => {
    await h?.close();
    await redis?.remove();
  }, 60_000);

  const pendingSyncs = async (userId: string): Promise<number> =>
    (
      await h.db.query(
        `SELECT count(*)::int AS n FROM fitness.pending_jobs WHERE name = 'sync-athlete' AND data->>'userId' = $1`,
        [userId],
      )
    ).rows[0].n;

  it('connect while Redis (which holds the Strava rate budget) is away: a 503 to try again, not "tokens refused"', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(0);
    await redis.stop();
    try {
      const err = await h.rpcError(FITNESS.strava.connect, {
        userId: runner.userId,
        stravaAccessToken: seeded.access_token,
        stravaRefreshToken: seeded.refresh_token,
        stravaAthleteId: String(seeded.athlete.id),
        stravaTokenExpiresAt: new Date(seeded.expires_at * 1000).toISOString(),
      });
      expect(err?.status).toBe(503);
    } finally {
      await redis.start();
    }
    // Back: the same tokens connect.
    await eventually(async () => expect(await h.connect(runner.userId, seeded)).toEqual({ success: true }), {
      timeoutMs: 30_000,
    });
  }, 60_000);

  it('a manual sync asked for while Redis is down answers at once that it is still running, and runs once Redis is back', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(3);
    await h.connectAndSetUp(runner.userId, seeded);
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(3), { timeoutMs: 30_000 });
    await eventually(async () => {
      const { rows } = await h.db.query('SELECT last_synced_at FROM fitness.strava_connections WHERE user_id = $1', [
        runner.userId,
      ]);
      expect(rows[0]?.last_synced_at).toBeTruthy();
    });
    await h.emulatorCall('POST', `/_emulator/athletes/${seeded.athlete.id}/activities?push=false`, {
      name: 'Run while Redis was away',
      sport_type: 'Run',
      distance: 5000,
      moving_time: 1500,
    });

    await redis.stop();
    let restarted = false;
    try {
      const started = Date.now();
      const reply = await h.rpc<StravaSyncReply>(FITNESS.strava.sync, { userId: runner.userId });
      // Not held until Redis returns (or the caller's deadline): the job is kept in PostgreSQL.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(reply).toEqual({
        message: 'Sync is still running; new activities will appear shortly.',
        synced: 0,
        pending: true,
      });
      expect(await pendingSyncs(runner.userId)).toBe(1);
      expect(await h.countActivities(runner.userId)).toBe(3);
      await redis.start();
      restarted = true;
    } finally {
      if (!restarted) await redis.start();
    }
    // Back: the relay adds the job, the worker syncs the new run.
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(4), { timeoutMs: 60_000 });
    // The worker stores the run before the relay clears the job's row: wait for that, not a moment.
    await eventually(async () => expect(await pendingSyncs(runner.userId)).toBe(0), { timeoutMs: 30_000 });
  }, 150_000);

  it('a reconnect of a runner whose setup is done queues a sync through the job outbox that picks up the missed runs', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(2);
    await h.connectAndSetUp(runner.userId, seeded);
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(2), { timeoutMs: 30_000 });
    await eventually(async () => {
      const { rows } = await h.db.query('SELECT last_synced_at FROM fitness.strava_connections WHERE user_id = $1', [
        runner.userId,
      ]);
      expect(rows[0]?.last_synced_at).toBeTruthy();
    });
    await h.emulatorCall('POST', `/_emulator/athletes/${seeded.athlete.id}/activities?push=false`, {
      name: 'Run while the link was broken',
      sport_type: 'Run',
      distance: 6000,
      moving_time: 1800,
    });
    await h.connect(runner.userId, seeded);
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(3), { timeoutMs: 30_000 });
    expect(await pendingSyncs(runner.userId)).toBe(0);
  }, 90_000);
});
