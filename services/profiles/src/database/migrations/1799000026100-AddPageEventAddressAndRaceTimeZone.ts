import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A page shows its event (its address, name and day) and keeps the race's time zone, as community's
 * events directory tells them when the page is saved or its event changes (merge, rename, verify).
 */
export class AddPageEventAddressAndRaceTimeZone1799000026100 implements MigrationInterface {
  name = 'AddPageEventAddressAndRaceTimeZone1799000026100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" ADD COLUMN IF NOT EXISTS "race_time_zone" text NULL`);
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" ADD COLUMN IF NOT EXISTS "event_slug" text NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" DROP COLUMN IF EXISTS "event_slug"`);
  }
}
