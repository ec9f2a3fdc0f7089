import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BoundSlugRedirects1795792733000 implements MigrationInterface {
  name = 'BoundSlugRedirects1795792733000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Former addresses last a year; a deleted page's addresses are held (no page) for a while.
    await queryRunner.query(`ALTER TABLE "profiles"."slug_redirects" ADD COLUMN "expires_at" timestamptz`);
    await queryRunner.query(`UPDATE "profiles"."slug_redirects" SET "expires_at" = "created_at" + interval '365 days'`);
    await queryRunner.query(`ALTER TABLE "profiles"."slug_redirects" ALTER COLUMN "expires_at" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "profiles"."slug_redirects" ALTER COLUMN "runner_profile_id" DROP NOT NULL`);
    // The five most recent per page stay (FORMER_ADDRESSES.keptPerPage when this ran).
    await queryRunner.query(`
      DELETE FROM "profiles"."slug_redirects" WHERE "old_slug" IN (
        SELECT "old_slug" FROM (
          SELECT "old_slug", row_number() OVER (
            PARTITION BY "runner_profile_id" ORDER BY "created_at" DESC, "old_slug") AS "newness"
          FROM "profiles"."slug_redirects") AS "ranked"
        WHERE "newness" > 5)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "profiles"."slug_redirects" WHERE "runner_profile_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "profiles"."slug_redirects" ALTER COLUMN "runner_profile_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "profiles"."slug_redirects" DROP COLUMN "expires_at"`);
  }
}
