import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { RUN_SPORT_TYPES } from '@runpledge/contracts';
import { assertLiveAccount } from '@runpledge/server-kit';
import { In, type EntityManager, type Repository } from 'typeorm';
import type { ActivityRecord } from '../strava/map-strava-activity.util.js';
import { DistanceRecorder } from '../distance/distance.recorder.js';
import { ActivityEntity } from './activity.entity.js';

export interface ActivityFilter {
  runsOnly: boolean;
  /** False when the viewer may not see Strava-sourced data (display rules). */
  includeStrava: boolean;
  /** True for anyone but the runner: activities Strava shows only to some people are left out. */
  visibleToAllOnly: boolean;
  /** `YYYY-MM-DD`: only activities on or after this local date. */
  since?: string | null;
}

export interface RunTotals {
  runCount: number;
  distanceMeters: number;
  durationSeconds: number;
  stravaRunCount: number;
}

const COLUMNS = [
  'user_id',
  'source',
  'external_id',
  'name',
  'sport_type',
  'distance_meters',
  'duration_seconds',
  'elapsed_seconds',
  'elevation_gain_meters',
  'start_date',
  'start_date_local',
  'visible_to_all',
];

@Injectable()
export class ActivitiesRepository {
  constructor(
    @InjectRepository(ActivityEntity) private readonly activities: Repository<ActivityEntity>,
    private readonly distance: DistanceRecorder,
  ) {}

  /**
   * Every write of activities goes through here: in its transaction (the caller's, or one of its
   * own), the runner's distance is told (fitness.distance.changed) and the days whose runs changed
   * (fitness.runs.changed), compared with the days read before the change under the same lock.
   */
  private write<T>(
    userId: string,
    manager: EntityManager | undefined,
    work: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    const run = async (m: EntityManager) => {
      const live = await this.distance.isLive(m, userId);
      const before = live ? await this.distance.runDays(m, userId) : null;
      const result = await work(m);
      if (before) await this.distance.record(m, userId, before);
      return result;
    };
    return manager?.queryRunner?.isTransactionActive ? run(manager) : this.activities.manager.transaction(run);
  }

  /**
   * A change that alters which runs visitors see (the runner's public-display consent) goes through
   * the same path, so the days it shows or hides are told too.
   */
  changeDisplay<T>(userId: string, manager: EntityManager, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.write(userId, manager, work);
  }

  private get table(): string {
    return this.activities.metadata.tablePath
      .split('.')
      .map((part) => `"${part}"`)
      .join('.');
  }

  /** Inserts or refreshes activities by (source, external id); answers how many were new. */
  async upsertMany(userId: string, records: ActivityRecord[], outer?: EntityManager): Promise<number> {
    if (records.length === 0) return 0;
    return this.write(userId, outer, (manager) => this.upsertRows(userId, records, manager));
  }

  private async upsertRows(userId: string, records: ActivityRecord[], manager: EntityManager): Promise<number> {
    const params: unknown[] = [];
    const rows = records.map((r) => {
      const values = [
        userId,
        r.source,
        r.externalId,
        r.name,
        r.sportType,
        r.distanceMeters,
        r.durationSeconds,
        r.elapsedSeconds,
        r.elevationGainMeters,
        r.startDate,
        r.startDateLocal,
        r.visibleToAll,
      ];
      const placeholders = values.map((value) => `$${params.push(value)}`);
      return `(${placeholders.join(', ')})`;
    });
    const inserted: { inserted: boolean }[] = await manager.query(
      `INSERT INTO ${this.table} (${COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES ${rows.join(', ')}
       ON CONFLICT ("source", "external_id") DO UPDATE SET
         "user_id" = EXCLUDED."user_id", "name" = EXCLUDED."name", "sport_type" = EXCLUDED."sport_type",
         "distance_meters" = EXCLUDED."distance_meters", "duration_seconds" = EXCLUDED."duration_seconds",
         "elapsed_seconds" = EXCLUDED."elapsed_seconds",
         "elevation_gain_meters" = EXCLUDED."elevation_gain_meters", "start_date" = EXCLUDED."start_date",
         "start_date_local" = EXCLUDED."start_date_local", "visible_to_all" = EXCLUDED."visible_to_all",
         "updated_at" = now()
       RETURNING (xmax = 0) AS inserted`,
      params,
    );
    return inserted.filter((row) => row.inserted).length;
  }

  /**
   * Saves a run the runner brought (entered by hand or read from an uploaded file), refused once the
   * account is deleted (its tombstone). `check` runs first, under the same per-user lock, so two
   * uploads of one run cannot both pass it.
   */
  insertManual(
    userId: string,
    record: ActivityRecord,
    check?: (manager: EntityManager) => Promise<void>,
  ): Promise<ActivityEntity> {
    return this.write(userId, undefined, async (manager) => {
      await assertLiveAccount(manager, userId);
      await check?.(manager);
      return manager.save(manager.create(ActivityEntity, { ...record, userId }));
    });
  }

  /**
   * The runner's activities that may be the same run as one starting at `start`: those starting
   * within `withinSeconds` of it, and runs entered by hand on its local day (they have a day, no time).
   */
  findNear(
    manager: EntityManager,
    userId: string,
    start: Date,
    localDay: string,
    withinSeconds: number,
  ): Promise<Pick<ActivityEntity, 'source' | 'distanceMeters' | 'startDate'>[]> {
    return manager
      .createQueryBuilder(ActivityEntity, 'a')
      .select(['a.source', 'a.distanceMeters', 'a.startDate'])
      .where('a.user_id = :userId', { userId })
      .andWhere(
        `(a.start_date BETWEEN :from AND :to OR (a.source = 'manual' AND a.start_date_local::date = :localDay::date))`,
        {
          from: new Date(start.getTime() - withinSeconds * 1000),
          to: new Date(start.getTime() + withinSeconds * 1000),
          localDay,
        },
      )
      .getMany();
  }

  /** Changes the user's own run entered by hand; null when there is no such run. */
  async updateManual(userId: string, activityId: string, record: ActivityRecord): Promise<ActivityEntity | null> {
    return this.write(userId, undefined, async (manager) => {
      const result = await manager.update(ActivityEntity, { id: activityId, userId, source: 'manual' }, record);
      if ((result.affected ?? 0) === 0) return null;
      return manager.findOneBy(ActivityEntity, { id: activityId });
    });
  }

  /** Removes the user's own run entered by hand or uploaded (Strava's go only when Strava says so). */
  async deleteManual(userId: string, activityId: string): Promise<boolean> {
    return this.write(userId, undefined, async (manager) => {
      const result = await manager.delete(ActivityEntity, { id: activityId, userId, source: In(['manual', 'upload']) });
      return (result.affected ?? 0) > 0;
    });
  }

  async deleteStravaActivity(userId: string, externalId: string): Promise<void> {
    await this.write(userId, undefined, (manager) =>
      manager.delete(ActivityEntity, { userId, source: 'strava', externalId }),
    );
  }

  async deleteAllStrava(userId: string, outer?: EntityManager): Promise<void> {
    await this.write(userId, outer, (manager) => manager.delete(ActivityEntity, { userId, source: 'strava' }));
  }

  /** Every activity of a deleted account, and its distance counter. */
  async deleteAllOfUser(userId: string, outer: EntityManager): Promise<void> {
    await this.write(userId, outer, (manager) => manager.delete(ActivityEntity, { userId }));
    await this.distance.forget(outer, userId);
  }

  /** Start of the newest Strava activity stored: incremental syncs ask for what came after it. */
  async latestStravaStart(userId: string): Promise<Date | null> {
    const [row]: { latest: Date | null }[] = await this.activities.query(
      `SELECT max("start_date") AS latest FROM ${this.table} WHERE "user_id" = $1 AND "source" = 'strava'`,
      [userId],
    );
    return row?.latest ?? null;
  }

  findNewest(userId: string, limit: number, filter: ActivityFilter): Promise<ActivityEntity[]> {
    const query = this.activities.createQueryBuilder('a').where('a.user_id = :userId', { userId });
    this.applyFilter(query, filter);
    return query.orderBy('a.start_date', 'DESC').limit(limit).getMany();
  }

  async runTotals(userId: string, filter: Omit<ActivityFilter, 'runsOnly'>): Promise<RunTotals> {
    const query = this.activities
      .createQueryBuilder('a')
      .select('count(*)::int', 'runCount')
      .addSelect('coalesce(sum(a.distance_meters), 0)::float8', 'distanceMeters')
      .addSelect('coalesce(sum(a.duration_seconds), 0)::int', 'durationSeconds')
      .addSelect(`count(*) FILTER (WHERE a.source = 'strava')::int`, 'stravaRunCount')
      .where('a.user_id = :userId', { userId });
    this.applyFilter(query, { ...filter, runsOnly: true });
    const row = await query.getRawOne<RunTotals>();
    return row ?? { runCount: 0, distanceMeters: 0, durationSeconds: 0, stravaRunCount: 0 };
  }

  /** Run distance per week (Monday first, in the runner's local time) from `fromWeek` on. */
  async weeklyRunDistance(
    userId: string,
    fromWeek: string,
    filter: Omit<ActivityFilter, 'runsOnly'>,
  ): Promise<{ weekStart: string; distanceMeters: number }[]> {
    const query = this.activities
      .createQueryBuilder('a')
      .select(`to_char(date_trunc('week', a.start_date_local), 'YYYY-MM-DD')`, 'weekStart')
      .addSelect('sum(a.distance_meters)::float8', 'distanceMeters')
      .where('a.user_id = :userId', { userId })
      .andWhere('a.start_date_local >= :fromWeek', { fromWeek });
    this.applyFilter(query, { ...filter, runsOnly: true });
    return query.groupBy('1').orderBy('1').getRawMany();
  }

  private applyFilter(
    query: ReturnType<Repository<ActivityEntity>['createQueryBuilder']>,
    filter: ActivityFilter,
  ): void {
    if (filter.runsOnly) query.andWhere('a.sport_type IN (:...runTypes)', { runTypes: [...RUN_SPORT_TYPES] });
    if (!filter.includeStrava) query.andWhere(`a.source <> 'strava'`);
    if (filter.visibleToAllOnly) query.andWhere('a.visible_to_all');
    if (filter.since) query.andWhere('a.start_date_local >= :since', { since: filter.since });
  }
}
