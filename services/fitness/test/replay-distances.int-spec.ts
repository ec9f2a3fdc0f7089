// Fitness tells every runner's distance and run days again once (a migration), at a new version, so
// that copies kept by other services (community's standings, profiles' run ledger) fill from events
// alone; a deleted account is not told.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FITNESS_EVENTS } from '@runpledge/contracts';
import { recordDeletedAccount } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ReplayDistances1799000000400 } from '../src/database/migrations/1799000000400-ReplayDistances.js';

describe("fitness's replay of every runner's distance", () => {
  let fitness: DataSource;

  beforeAll(async () => {
    const { dataSourceOptions } = await import('../src/database/data-source.js');
    fitness = await new DataSource(dataSourceOptions).initialize();
  });
  afterAll(() => fitness?.destroy());

  const told = async (type: string, userId: string) =>
    (
      await fitness.query(
        `SELECT payload FROM fitness.outbox WHERE type = $1 AND payload->>'userId' = $2 ORDER BY created_at`,
        [type, userId],
      )
    ).map((row: { payload: unknown }) => row.payload);
  const addRun = (userId: string, meters: number, day: string) =>
    fitness.query(
      `INSERT INTO fitness.activities
         (user_id, source, external_id, name, sport_type, distance_meters, duration_seconds, start_date, start_date_local)
       VALUES ($1, 'manual', NULL, 'Run', 'Run', $2, 3600, $3::timestamptz, $3::timestamp)`,
      [userId, meters, `${day}T07:00:00Z`],
    );
  const replay = () => fitness.transaction((manager) => new ReplayDistances1799000000400().up(manager.queryRunner!));

  it("tells a runner's total and days at a version newer than any told before", async () => {
    const userId = randomUUID();
    await addRun(userId, 10_000, '2030-03-01');
    await addRun(userId, 5_000, '2030-03-02');
    await fitness.query(`INSERT INTO fitness.runner_distance_versions (user_id, version) VALUES ($1, 4)`, [userId]);
    await replay();

    expect(await told(FITNESS_EVENTS.distanceChanged.type, userId)).toEqual([
      { userId, totalMeters: 15_000, version: 5 },
    ]);
    const [days] = await told(FITNESS_EVENTS.runsChanged.type, userId);
    expect(days).toEqual({
      userId,
      version: 5,
      days: [
        {
          date: '2030-03-01',
          meters: { strava: 0, manual: 10_000, upload: 0 },
          runs: [
            {
              distanceMeters: 10_000,
              elapsedSeconds: 3600,
              source: 'manual',
              startDate: '2030-03-01T07:00:00.000Z',
              startDateLocal: '2030-03-01T07:00:00',
            },
          ],
        },
        {
          date: '2030-03-02',
          meters: { strava: 0, manual: 5_000, upload: 0 },
          runs: [
            {
              distanceMeters: 5_000,
              elapsedSeconds: 3600,
              source: 'manual',
              startDate: '2030-03-02T07:00:00.000Z',
              startDateLocal: '2030-03-02T07:00:00',
            },
          ],
        },
      ],
    });
    expect(FITNESS_EVENTS.runsChanged.schema.safeParse(days).success).toBe(true);
  });

  it('tells a runner whose runs were never told (no version yet), and not a deleted account', async () => {
    const never = randomUUID();
    const gone = randomUUID();
    await addRun(never, 42_195, '2030-04-01');
    await addRun(gone, 1_000, '2030-04-01');
    await fitness.transaction((manager) => recordDeletedAccount(manager, gone));
    await replay();

    expect(await told(FITNESS_EVENTS.distanceChanged.type, never)).toEqual([
      { userId: never, totalMeters: 42_195, version: 1 },
    ]);
    expect(await told(FITNESS_EVENTS.distanceChanged.type, gone)).toEqual([]);
  });
});
