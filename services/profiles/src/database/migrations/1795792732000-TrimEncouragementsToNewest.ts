import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TrimEncouragementsToNewest1795792732000 implements MigrationInterface {
  name = 'TrimEncouragementsToNewest1795792732000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Pages keep their 500 most recent encouragements (ENCOURAGEMENTS_KEPT_PER_PAGE when this ran);
    // sending trims from now on, this trims what was stored before.
    await queryRunner.query(`
      DELETE FROM "profiles"."encouragements" WHERE "id" IN (
        SELECT "id" FROM (
          SELECT "id", row_number() OVER (
            PARTITION BY "runner_profile_id" ORDER BY "created_at" DESC, "id" DESC) AS "newness"
          FROM "profiles"."encouragements") AS "ranked"
        WHERE "newness" > 500)`);
  }

  async down(): Promise<void> {
    // Removed encouragement is not restored.
  }
}
