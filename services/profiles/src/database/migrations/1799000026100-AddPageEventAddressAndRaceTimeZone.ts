import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A page shows its event (its address, name and day) and keeps the race's time zone, as community's
 * events directory tells them when the page is saved or its event changes (merge, rename, verify).
 */
export class AddPageEventAddressAndRaceTimeZone1799000026100 implements MigrationInterface {
  name = 'AddPageEventAddressAndRaceTimeZone1799000026100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "profiles"."runner_profiles" ADD COLUMN IF NOT EXISTS "race_time_zone" text NULL`,
    );
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" ADD COLUMN IF NOT EXISTS "event_slug" text NULL`);
    // The newest word of community on each event pages have named: a late change never undoes a newer one.
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "profiles"."race_events" (
        "id" uuid PRIMARY KEY,
        "slug" text NOT NULL,
        "name" text NOT NULL,
        "date" date NOT NULL,
        "time_zone" text NOT NULL,
        "verified" boolean NOT NULL,
        "version" bigint NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "profiles"."race_events"`);
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" DROP COLUMN IF EXISTS "event_slug"`);
  }
}
