import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every account's access is told again (`billing.subscription.changed`, through the outbox in this
 * migration's transaction), so that a service keeping a copy of it (community's pages, for whether
 * a page counts in its groups) fills that copy from events alone, never by reading this schema. A
 * reader applies the newest change by when billing made it: this one is the state as it is now.
 */
export class ReplayAccess1799000000300 implements MigrationInterface {
  name = 'ReplayAccess1799000000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      INSERT INTO "billing"."outbox" (id, type, payload, occurred_at, published_at)
      SELECT gen_random_uuid(), 'billing.subscription.changed',
             jsonb_build_object(
               'userId', s.user_id, 'status', s.status,
               'currentPeriodEnd', to_char(s.current_period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
             clock_timestamp(), NULL
        FROM "billing"."subscriptions" s
        FOR SHARE`);
  }

  async down(): Promise<void> {
    // Events told cannot be taken back; nothing to undo.
  }
}
