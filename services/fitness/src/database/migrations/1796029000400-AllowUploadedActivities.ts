import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Runs read from an uploaded GPX, TCX or FIT file are stored beside Strava's and those entered by hand. */
export class AllowUploadedActivities1796029000400 implements MigrationInterface {
  name = 'AllowUploadedActivities1796029000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "fitness"."activities" DROP CONSTRAINT "activities_source_check"`);
    await queryRunner.query(
      `ALTER TABLE "fitness"."activities" ADD CONSTRAINT "activities_source_check" CHECK ("source" IN ('strava', 'manual', 'upload'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "fitness"."activities" WHERE "source" = 'upload'`);
    await queryRunner.query(`ALTER TABLE "fitness"."activities" DROP CONSTRAINT "activities_source_check"`);
    await queryRunner.query(
      `ALTER TABLE "fitness"."activities" ADD CONSTRAINT "activities_source_check" CHECK ("source" IN ('strava', 'manual'))`,
    );
  }
}
