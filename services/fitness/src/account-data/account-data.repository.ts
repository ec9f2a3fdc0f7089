import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivityEntity } from '../activities/activity.entity.js';
import { FitnessProfileEntity } from '../fitness-profiles/fitness-profile.entity.js';
import { StravaConnectionEntity } from '../strava-connections/strava-connection.entity.js';

/** Everything fitness holds about one user, read or removed at once. */
@Injectable()
export class AccountDataRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findAllOfUser(userId: string) {
    const manager = this.dataSource.manager;
    const [connection, pages, activities] = await Promise.all([
      manager.findOneBy(StravaConnectionEntity, { userId }),
      manager.findBy(FitnessProfileEntity, { userId }),
      manager.find(ActivityEntity, { where: { userId }, order: { startDate: 'DESC' } }),
    ]);
    return { connection, pages, activities };
  }

  /** Every activity (Strava's and those entered by hand), the Strava tokens and the page copies. */
  async deleteAllOfUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(ActivityEntity, { userId });
    await manager.delete(StravaConnectionEntity, { userId });
    await manager.delete(FitnessProfileEntity, { userId });
  }
}
