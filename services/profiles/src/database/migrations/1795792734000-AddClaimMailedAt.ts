import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddClaimMailedAt1795792734000 implements MigrationInterface {
  name = 'AddClaimMailedAt1795792734000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Claims are mailed to the owner in digests; those stored before were mailed one by one already.
    await queryRunner.query(`ALTER TABLE "profiles"."challenge_claims" ADD COLUMN "mailed_at" timestamptz`);
    await queryRunner.query(`UPDATE "profiles"."challenge_claims" SET "mailed_at" = "created_at"`);
    await queryRunner.query(
      `CREATE INDEX "challenge_claims_unmailed_idx" ON "profiles"."challenge_claims" ("runner_profile_id") WHERE "mailed_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles"."challenge_claims" DROP COLUMN "mailed_at"`);
  }
}
