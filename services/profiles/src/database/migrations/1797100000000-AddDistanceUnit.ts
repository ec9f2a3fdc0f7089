import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddDistanceUnit1797100000000 implements MigrationInterface {
  name = 'AddDistanceUnit1797100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The unit a page counts distance and pledges in: miles unless the runner chooses kilometres.
    await queryRunner.query(
      `ALTER TABLE "profiles"."runner_profiles" ADD COLUMN "distance_unit" text NOT NULL DEFAULT 'mi'
         CONSTRAINT "CHK_runner_profiles_distance_unit" CHECK ("distance_unit" IN ('mi', 'km'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" DROP COLUMN "distance_unit"`);
  }
}
