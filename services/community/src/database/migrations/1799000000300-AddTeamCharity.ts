import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A team may name a listed charity (API.md "Charities"). Nullable, so teams already made and replicas
 * still writing without it carry on; a charity that goes leaves its teams naming none.
 */
export class AddTeamCharity1799000000300 implements MigrationInterface {
  name = 'AddTeamCharity1799000000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "community"."teams"
        ADD COLUMN IF NOT EXISTS "charity_id" uuid NULL
          REFERENCES "community"."charities" ("id") ON DELETE SET NULL`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "teams_charity_idx" ON "community"."teams" ("charity_id") WHERE charity_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "community"."teams_charity_idx"`);
    await queryRunner.query(`ALTER TABLE "community"."teams" DROP COLUMN "charity_id"`);
  }
}
