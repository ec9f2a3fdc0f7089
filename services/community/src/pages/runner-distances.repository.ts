import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RunnerDistanceEntity } from './runner-distance.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(RunnerDistanceEntity).tablePath;

/** Runners' distances (`runner_distances`), for pages joining a group after the runner's last run. */
@Injectable()
export class RunnerDistancesRepository {
  /** Stores the runner's distance when newer than the stored one; true when it was. */
  async upsertIfNewer(manager: EntityManager, userId: string, totalMeters: number, version: number): Promise<boolean> {
    const table = tableOf(manager);
    const rows: unknown[] = await manager.query(
      `INSERT INTO ${table} (user_id, total_meters, version) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET total_meters = EXCLUDED.total_meters, version = EXCLUDED.version
         WHERE ${table}.version < EXCLUDED.version
       RETURNING user_id`,
      [userId, totalMeters, version],
    );
    return rows.length > 0;
  }

  async forget(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(RunnerDistanceEntity, { userId });
  }

  async find(manager: EntityManager, userId: string): Promise<RunnerDistanceEntity | null> {
    return manager.findOne(RunnerDistanceEntity, { where: { userId } });
  }
}
