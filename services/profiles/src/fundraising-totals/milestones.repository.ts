import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { FundraisingMilestoneEntity } from './fundraising-milestone.entity.js';

@Injectable()
export class MilestonesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records the milestones reached; those already recorded stay as they were. */
  async recordReached(manager: EntityManager, runnerProfileId: string, milestones: number[]): Promise<void> {
    if (milestones.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(FundraisingMilestoneEntity)
      .values(milestones.map((milestone) => ({ runnerProfileId, milestone, reachedAt: new Date() })))
      .orIgnore()
      .execute();
  }

  /**
   * Takes the page's unmailed milestones for sending, atomically: a second worker or a redelivered
   * job finds them taken and sends nothing.
   */
  async takeUnmailed(runnerProfileId: string): Promise<number[]> {
    const rows = (await this.dataSource.query(
      `UPDATE "profiles"."fundraising_milestones" SET "emailed_at" = now()
       WHERE "runner_profile_id" = $1 AND "emailed_at" IS NULL RETURNING "milestone"`,
      [runnerProfileId],
    )) as unknown[];
    // PostgreSQL's UPDATE … RETURNING comes as [rows, count].
    const returned = (Array.isArray(rows[0]) ? rows[0] : rows) as { milestone: number }[];
    return returned.map((r) => Number(r.milestone)).sort((a, b) => a - b);
  }

  /** Sending failed: the milestone is mailed on the next try. */
  async releaseUnsent(runnerProfileId: string, milestone: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE "profiles"."fundraising_milestones" SET "emailed_at" = NULL WHERE "runner_profile_id" = $1 AND "milestone" = $2`,
      [runnerProfileId, milestone],
    );
  }
}
