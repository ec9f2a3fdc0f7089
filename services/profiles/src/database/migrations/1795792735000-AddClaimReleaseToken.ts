import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddClaimReleaseToken1795792735000 implements MigrationInterface {
  name = 'AddClaimReleaseToken1795792735000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The SHA-256 (hex) of the release link's token in the owner's claim mail (the token itself is never stored).
    await queryRunner.query(`ALTER TABLE "profiles"."challenge_claims" ADD COLUMN "release_token_hash" text`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "challenge_claims_release_token_idx" ON "profiles"."challenge_claims" ("release_token_hash")
       WHERE "release_token_hash" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles"."challenge_claims" DROP COLUMN "release_token_hash"`);
  }
}
