import { Injectable } from '@nestjs/common';
import {
  FITNESS_EVENTS,
  PLEDGE_DISTANCE_SOURCES,
  RUN_SPORT_TYPES,
  type DayRun,
  type DistanceDay,
  type PledgeDistanceSource,
} from '@runpledge/contracts';
import { DomainEvents, lockLiveAccount } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import { env } from '../config/env.js';

/** A runner's counted running meters per local day (`YYYY-MM-DD`), by source. */
export type RunDays = Map<string, Record<PledgeDistanceSource, number>>;

const zeroMeters = (): Record<PledgeDistanceSource, number> =>
  Object.fromEntries(PLEDGE_DISTANCE_SOURCES.map((s) => [s, 0])) as Record<PledgeDistanceSource, number>;

/**
 * Tells profiles a runner's running distance after any change of their activities, in the
 * transaction of the change: the total (`fitness.distance.changed`) and the days whose runs changed
 * (`fitness.runs.changed`, the pledges' ledger). The per-user version is bumped first: its row lock
 * orders two changes of one runner, and what is read after it sees the earlier one, so a higher
 * version always carries later figures.
 */
@Injectable()
export class DistanceRecorder {
  constructor(private readonly events: DomainEvents) {}

  /**
   * Takes the runner's lock (before the write's own row locks, as an account deletion does) and says
   * whether the account is live: a deleted account's pages and teams are gone with it in profiles,
   * so there is nothing to tell and nothing to keep.
   */
  isLive(manager: EntityManager, userId: string): Promise<boolean> {
    return lockLiveAccount(manager, userId);
  }

  /**
   * `before`: the runner's days as `runDays` read them before the change (under the runner's lock):
   * the days that differ after it are told, each with its whole new meters.
   */
  async record(manager: EntityManager, userId: string, before: RunDays): Promise<void> {
    const [bumped]: { version: number }[] = await manager.query(
      `INSERT INTO "fitness"."runner_distance_versions" (user_id, version) VALUES ($1, 1)
       ON CONFLICT (user_id) DO UPDATE SET version = "runner_distance_versions".version + 1
       RETURNING version::float8 AS version`,
      [userId],
    );
    const totalMeters = await this.publicRunMeters(manager, userId);
    await this.events.record(manager, FITNESS_EVENTS.distanceChanged, {
      userId,
      totalMeters,
      version: bumped!.version,
    });
    const after = await this.runDays(manager, userId);
    const days: DistanceDay[] = [...new Set([...before.keys(), ...after.keys()])]
      .sort()
      .map((date) => ({ date, meters: after.get(date) ?? zeroMeters() }))
      .filter(({ date, meters }) => {
        const was = before.get(date) ?? zeroMeters();
        return PLEDGE_DISTANCE_SOURCES.some((s) => was[s] !== meters[s]);
      });
    if (days.length === 0) return;
    const runs = await this.runsOn(
      manager,
      userId,
      days.map((d) => d.date),
    );
    await this.events.record(manager, FITNESS_EVENTS.runsChanged, {
      userId,
      version: bumped!.version,
      days: days.map((day) => ({ ...day, runs: runs.get(day.date) ?? [] })),
    });
  }

  /**
   * The runs of these local days as visitors see them (the rules of `runDays`), each with its start,
   * distance, time start to finish (the moving time where the source did not say) and source.
   */
  private async runsOn(manager: EntityManager, userId: string, dates: string[]): Promise<Map<string, DayRun[]>> {
    const rows: {
      date: string;
      start_date: Date;
      start_local: string;
      meters: number;
      elapsed: number;
      source: string;
    }[] = await manager.query(
      `SELECT to_char(a.start_date_local, 'YYYY-MM-DD') AS date, a.start_date,
              to_char(a.start_date_local, 'YYYY-MM-DD"T"HH24:MI:SS') AS start_local,
              a.distance_meters::float8 AS meters, coalesce(a.elapsed_seconds, a.duration_seconds) AS elapsed, a.source
         FROM "fitness"."activities" a
         LEFT JOIN "fitness"."strava_connections" c ON c.user_id = a.user_id
        WHERE a.user_id = $1 AND a.sport_type = ANY($2) AND a.visible_to_all
          AND (a.source <> 'strava' OR ($3 AND coalesce(c.public_display_consent, false)))
          AND a.start_date_local::date = ANY($4::date[])
        ORDER BY a.start_date, a.id`,
      [userId, [...RUN_SPORT_TYPES], env.STRAVA_PUBLIC_DISPLAY === 'consent', dates],
    );
    const runs = new Map<string, DayRun[]>();
    for (const row of rows) {
      const source = (PLEDGE_DISTANCE_SOURCES as readonly string[]).includes(row.source)
        ? (row.source as PledgeDistanceSource)
        : 'upload';
      const list = runs.get(row.date) ?? [];
      list.push({
        startDate: new Date(row.start_date).toISOString(),
        startDateLocal: row.start_local,
        distanceMeters: Number(row.meters),
        elapsedSeconds: Math.max(0, Math.round(Number(row.elapsed))),
        source,
      });
      runs.set(row.date, list);
    }
    return runs;
  }

  /**
   * The runner's current version (0 before any change) and their days over [from, to], read under
   * the runner's lock (run it in a transaction) so that no change slips between: the one-time seed
   * of profiles's ledger (`fitness.distance.by-day`).
   */
  async versionedRunDays(
    manager: EntityManager,
    userId: string,
    from: string,
    to: string,
  ): Promise<{ version: number; days: DistanceDay[] }> {
    await lockLiveAccount(manager, userId);
    const [row]: { version: number }[] = await manager.query(
      `SELECT version::float8 AS version FROM "fitness"."runner_distance_versions" WHERE user_id = $1`,
      [userId],
    );
    const days = await this.runDays(manager, userId, from, to);
    return { version: row?.version ?? 0, days: [...days].map(([date, meters]) => ({ date, meters })) };
  }

  /**
   * Running meters per local day and source, as a page's visitors see the runs and pledges count
   * them: run sport types, activities everyone may see, Strava's only when they may be shown
   * (display rules). A source fitness may learn later (another import) counts as a file brought.
   */
  async runDays(manager: EntityManager, userId: string, from = '0001-01-01', to = '9999-12-31'): Promise<RunDays> {
    const rows: { date: string; source: string; meters: number }[] = await manager.query(
      `SELECT to_char(a.start_date_local, 'YYYY-MM-DD') AS date, a.source, sum(a.distance_meters)::float8 AS meters
         FROM "fitness"."activities" a
         LEFT JOIN "fitness"."strava_connections" c ON c.user_id = a.user_id
        WHERE a.user_id = $1 AND a.sport_type = ANY($2) AND a.visible_to_all
          AND (a.source <> 'strava' OR ($3 AND coalesce(c.public_display_consent, false)))
          AND a.start_date_local >= $4::date AND a.start_date_local < ($5::date + 1)
        GROUP BY 1, 2 ORDER BY 1`,
      [userId, [...RUN_SPORT_TYPES], env.STRAVA_PUBLIC_DISPLAY === 'consent', from, to],
    );
    const days: RunDays = new Map();
    for (const row of rows) {
      const meters = days.get(row.date) ?? zeroMeters();
      const source = (PLEDGE_DISTANCE_SOURCES as readonly string[]).includes(row.source)
        ? (row.source as PledgeDistanceSource)
        : 'upload';
      meters[source] += Number(row.meters);
      days.set(row.date, meters);
    }
    return days;
  }

  /** The account is gone: its counter too. */
  async forget(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`DELETE FROM "fitness"."runner_distance_versions" WHERE user_id = $1`, [userId]);
  }

  /**
   * What the runner's training stats show a visitor as total: runs since the training start date,
   * those Strava shows to everyone, Strava's only with the runner's consent (display rules).
   */
  private async publicRunMeters(manager: EntityManager, userId: string): Promise<number> {
    const [row]: { meters: number }[] = await manager.query(
      `SELECT coalesce(sum(a.distance_meters), 0)::float8 AS meters
         FROM "fitness"."activities" a
         LEFT JOIN "fitness"."strava_connections" c ON c.user_id = a.user_id
        WHERE a.user_id = $1 AND a.sport_type = ANY($2) AND a.visible_to_all
          AND (a.source <> 'strava' OR ($3 AND coalesce(c.public_display_consent, false)))
          AND (c.training_start_date IS NULL OR a.start_date_local >= c.training_start_date)`,
      [userId, [...RUN_SPORT_TYPES], env.STRAVA_PUBLIC_DISPLAY === 'consent'],
    );
    return row?.meters ?? 0;
  }
}
