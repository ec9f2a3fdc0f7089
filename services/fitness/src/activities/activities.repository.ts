import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { RUN_SPORT_TYPES } from '@runpledge/contracts';
import { assertLiveAccount } from '@runpledge/server-kit';
import type { EntityManager, Repository } from 'typeorm';
import type { ActivityRecord } from '../strava/map-strava-activity.util.js';
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
  'elevation_gain_meters',
  'start_date',
  'start_date_local',
  'visible_to_all',
];

@Injectable()
export class ActivitiesRepository {
  constructor(@InjectRepository(ActivityEntity) private readonly activities: Repository<ActivityEntity>) {}

  private get table(): string {
    return this.activities.metadata.tablePath
      .split('.')
      .map((part) => `"${part}"`)
      .join('.');
  }

  /** Inserts or refreshes activities by (source, external id); answers how many were new. */
  async upsertMany(
    userId: string,
    records: ActivityRecord[],
    manager: EntityManager = this.activities.manager,
  ): Promise<number> {
    if (records.length === 0) return 0;
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
         "elevation_gain_meters" = EXCLUDED."elevation_gain_meters", "start_date" = EXCLUDED."start_date",
         "start_date_local" = EXCLUDED."start_date_local", "visible_to_all" = EXCLUDED."visible_to_all",
         "updated_at" = now()
       RETURNING (xmax = 0) AS inserted`,
      params,
    );
    return inserted.filter((row) => row.inserted).length;
  }

  /** Saves a run entered by hand, refused once the account is deleted (its tombstone). */
  insertManual(userId: string, record: ActivityRecord): Promise<ActivityEntity> {
    return this.activities.manager.transaction(async (manager) => {
      await assertLiveAccount(manager, userId);
      return manager.save(manager.create(ActivityEntity, { ...record, userId }));
    });
  }

  /** Changes the user's own run entered by hand; null when there is no such run. */
  async updateManual(userId: string, activityId: string, record: ActivityRecord): Promise<ActivityEntity | null> {
    const result = await this.activities.update({ id: activityId, userId, source: 'manual' }, record);
    if ((result.affected ?? 0) === 0) return null;
    return this.activities.findOneBy({ id: activityId });
  }

  async deleteManual(userId: string, activityId: string): Promise<boolean> {
    const result = await this.activities.delete({ id: activityId, userId, source: 'manual' });
    return (result.affected ?? 0) > 0;
  }

  async deleteStravaActivity(userId: string, externalId: string): Promise<void> {
    await this.activities.delete({ userId, source: 'strava', externalId });
  }

  async deleteAllStrava(userId: string, manager: EntityManager = this.activities.manager): Promise<void> {
    await manager.delete(ActivityEntity, { userId, source: 'strava' });
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
