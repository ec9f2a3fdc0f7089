import { recordEvent, type DomainEvents } from '@runpledge/server-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DistanceRecorder } from '../../distance/distance.recorder.js';

/**
 * Every runner's distance and run days are told again (`fitness.distance.changed`, `fitness.runs.changed`
 * at a new version, through the outbox in this migration's transaction), as a change of their runs
 * tells them, so that a service keeping a copy (community's standings, profiles' run ledger) fills it
 * from events alone, never by reading this schema. Readers keep only a newer version: told again, the
 * same figures change nothing.
 */
export class ReplayDistances1799000000400 implements MigrationInterface {
  name = 'ReplayDistances1799000000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    const manager = queryRunner.manager;
    // The recorder's own way of telling, with the outbox of this transaction.
    const recorder = new DistanceRecorder({
      record: (m, definition, payload) => recordEvent(m, definition, payload),
    } as Pick<DomainEvents, 'record'> as DomainEvents);
    const runners: { user_id: string }[] = await manager.query(`
      SELECT user_id FROM "fitness"."runner_distance_versions"
      UNION SELECT DISTINCT user_id FROM "fitness"."activities"
      ORDER BY user_id`);
    for (const { user_id: userId } of runners) {
      // A deleted account (its tombstone) is not told again.
      if (!(await recorder.isLive(manager, userId))) continue;
      await recorder.record(manager, userId, new Map());
    }
  }

  async down(): Promise<void> {
    // Events told cannot be taken back; nothing to undo.
  }
}
