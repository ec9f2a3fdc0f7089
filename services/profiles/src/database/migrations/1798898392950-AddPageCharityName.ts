import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A page names its charity by name (free text, for a charity not listed) or, for a listed one, by its
 * id with its name and address copied from community's directory when chosen. Nullable columns: a
 * running deployment survives them.
 */
export class AddPageCharityName1798898392950 implements MigrationInterface {
  name = 'AddPageCharityName1798898392950';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "profiles"."runner_profiles" ADD COLUMN IF NOT EXISTS "charity_name" text NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "profiles"."runner_profiles" ADD COLUMN IF NOT EXISTS "charity_slug" text NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" DROP COLUMN IF EXISTS "charity_slug"`);
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" DROP COLUMN IF EXISTS "charity_name"`);
  }
}
