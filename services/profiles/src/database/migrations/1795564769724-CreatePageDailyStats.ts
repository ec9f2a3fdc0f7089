import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePageDailyStats1795564769724 implements MigrationInterface {
  name = 'CreatePageDailyStats1795564769724';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per page and UTC day, written by the profiles worker from Redis' live counters
    // (owner insights, issue #19). No visitor data: counts only. `challenge_picks` is {challengeId: n}.
    await queryRunner.query(`
      CREATE TABLE "profiles"."page_daily_stats" (
        "profile_id" uuid NOT NULL REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "day" date NOT NULL,
        "views" integer NOT NULL DEFAULT 0,
        "unique_visitors" integer NOT NULL DEFAULT 0,
        "shares" integer NOT NULL DEFAULT 0,
        "donate_clicks" integer NOT NULL DEFAULT 0,
        "challenge_picks" jsonb NOT NULL DEFAULT '{}'::jsonb,
        PRIMARY KEY ("profile_id", "day")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"."page_daily_stats"`);
  }
}
