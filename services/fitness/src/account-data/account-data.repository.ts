import { Injectable } from '@nestjs/common';
import type { ExportCursor } from '@runpledge/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivitiesRepository } from '../activities/activities.repository.js';
import { ActivityEntity } from '../activities/activity.entity.js';
import { FitnessProfileEntity } from '../fitness-profiles/fitness-profile.entity.js';
import { StravaConnectionEntity } from '../strava-connections/strava-connection.entity.js';

export type ExportedActivityRow = Pick<
  ActivityEntity,
  | 'id'
  | 'source'
  | 'externalId'
  | 'name'
  | 'sportType'
  | 'distanceMeters'
  | 'durationSeconds'
  | 'elevationGainMeters'
  | 'startDate'
> & { cursorAt: string };

/** Everything fitness holds about one user, read or removed at once. */
@Injectable()
export class AccountDataRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly activities: ActivitiesRepository,
  ) {}

  async findAllOfUser(userId: string) {
    const manager = this.dataSource.manager;
    const [connection, pages] = await Promise.all([
      manager.findOneBy(StravaConnectionEntity, { userId }),
      manager.findBy(FitnessProfileEntity, { userId }),
    ]);
    return { connection, pages };
  }

  /**
   * Up to `limit` of the user's activities, newest first, after `after` (keyset on start date and id,
   * so runs synced or removed meanwhile neither repeat nor shift the rest); `cursor` is each row's key
   * at full precision.
   */
  async findActivitiesPage(userId: string, after: ExportCursor | null, limit: number): Promise<ExportedActivityRow[]> {
    const table = this.dataSource.getMetadata(ActivityEntity).tablePath;
    return this.dataSource.query(
      `SELECT id, source, external_id AS "externalId", name, sport_type AS "sportType",
              distance_meters AS "distanceMeters", duration_seconds AS "durationSeconds",
              elevation_gain_meters AS "elevationGainMeters", start_date AS "startDate",
              to_char(start_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "cursorAt"
       FROM ${table}
       WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (start_date, id) < ($2::timestamptz, $3::uuid))
       ORDER BY start_date DESC, id DESC
       LIMIT $4`,
      [userId, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  /** Every activity (Strava's and those entered by hand), the Strava tokens and the page copies. */
  async deleteAllOfUser(manager: EntityManager, userId: string): Promise<void> {
    await this.activities.deleteAllOfUser(userId, manager);
    await manager.delete(StravaConnectionEntity, { userId });
    await manager.delete(FitnessProfileEntity, { userId });
  }
}
