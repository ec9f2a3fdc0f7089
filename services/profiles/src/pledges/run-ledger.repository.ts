import { Injectable } from '@nestjs/common';
import { PLEDGE_DISTANCE_SOURCES, type DistanceDay } from '@runpledge/contracts';
import type { EntityManager } from 'typeorm';

const LEDGER = '"profiles"."run_ledger"';
const SEEDS = '"profiles"."run_ledger_seeds"';
const COLUMN = { strava: 'strava_meters', manual: 'manual_meters', upload: 'upload_meters' } as const;

/**
 * Pledges' ledger of a runner's running meters per day and source (fitness.runs.changed): each day
 * keeps the version it was last set at and takes only a newer one, and nothing older than the seed
 * (the runs fitness had before its events, read once) is taken either. Callers hold the runner's
 * lock (lockLiveAccount), so an event and the seed of one runner never interleave.
 */
@Injectable()
export class RunLedgerRepository {
  /** Sets each day to what `version` says, unless the ledger already holds a newer word on it. */
  async applyDays(manager: EntityManager, userId: string, version: number, days: DistanceDay[]): Promise<number> {
    if (days.length === 0) return 0;
    const rows: unknown[] = await manager.query(
      `INSERT INTO ${LEDGER} AS l (user_id, day, strava_meters, manual_meters, upload_meters, version)
       SELECT $1, d.day::date, d.strava, d.manual, d.upload, $2
         FROM unnest($3::text[], $4::float8[], $5::float8[], $6::float8[]) AS d(day, strava, manual, upload)
        WHERE NOT EXISTS (SELECT 1 FROM ${SEEDS} s WHERE s.user_id = $1 AND s.version >= $2)
       ON CONFLICT (user_id, day) DO UPDATE SET
         strava_meters = EXCLUDED.strava_meters, manual_meters = EXCLUDED.manual_meters,
         upload_meters = EXCLUDED.upload_meters, version = EXCLUDED.version
       WHERE l.version < EXCLUDED.version
       RETURNING 1`,
      [
        userId,
        version,
        days.map((d) => d.date),
        ...PLEDGE_DISTANCE_SOURCES.map((s) => days.map((d) => d.meters[s] ?? 0)),
      ],
    );
    return rows.length;
  }

  /**
   * The one-time seed: every day fitness listed at `version`; a day it did not list had no runs then
   * (a row the events set earlier goes to zero). Later events older than `version` are ignored.
   */
  async seed(manager: EntityManager, userId: string, version: number, days: DistanceDay[]): Promise<void> {
    await this.applyDays(manager, userId, version, days);
    await manager.query(
      `UPDATE ${LEDGER} SET strava_meters = 0, manual_meters = 0, upload_meters = 0, version = $2
        WHERE user_id = $1 AND version < $2 AND NOT (day = ANY($3::date[]))`,
      [userId, version, days.map((d) => d.date)],
    );
    await manager.query(`INSERT INTO ${SEEDS} (user_id, version) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [
      userId,
      version,
    ]);
  }

  async isSeeded(manager: EntityManager, userId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM ${SEEDS} WHERE user_id = $1`, [userId]);
    return rows.length > 0;
  }

  /**
   * Owners of pages whose runs were never seeded, up to `limit`, in a random order: an owner who
   * cannot be seeded yet (no live account copy, a failing read) never holds the others back.
   */
  async unseededOwners(manager: EntityManager, limit: number): Promise<string[]> {
    const rows: { userId: string }[] = await manager.query(
      `SELECT o.user_id AS "userId" FROM (
         SELECT DISTINCT p.user_id FROM "profiles"."runner_profiles" p
          WHERE NOT EXISTS (SELECT 1 FROM ${SEEDS} s WHERE s.user_id = p.user_id)
       ) o
       ORDER BY random()
       LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.userId);
  }

  /** The runner's days with runs over [from, to], oldest first, meters by source. */
  async daysOf(manager: EntityManager, userId: string, from: string, to: string): Promise<DistanceDay[]> {
    if (to < from) return [];
    const rows: ({ date: string } & Record<string, number>)[] = await manager.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, strava_meters, manual_meters, upload_meters
         FROM ${LEDGER}
        WHERE user_id = $1 AND day BETWEEN $2::date AND $3::date
          AND strava_meters + manual_meters + upload_meters > 0
        ORDER BY day`,
      [userId, from, to],
    );
    return rows.map((row) => ({
      date: row.date,
      meters: Object.fromEntries(
        PLEDGE_DISTANCE_SOURCES.map((s) => [s, Number(row[COLUMN[s]])]),
      ) as DistanceDay['meters'],
    }));
  }

  /** The account is gone: its days and its seed with it. */
  async forgetUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`DELETE FROM ${LEDGER} WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM ${SEEDS} WHERE user_id = $1`, [userId]);
  }
}
