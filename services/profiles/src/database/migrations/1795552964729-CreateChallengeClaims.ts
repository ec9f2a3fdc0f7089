import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateChallengeClaims1795552964729 implements MigrationInterface {
  name = 'CreateChallengeClaims1795552964729';

  async up(queryRunner: QueryRunner): Promise<void> {
    // `exclusive` is the challenge's kind when it was claimed; the partial unique index is what
    // keeps an exclusive challenge to one claim, whatever the number of concurrent supporters.
    await queryRunner.query(`
      CREATE TABLE "profiles"."challenge_claims" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "challenge_id" uuid NOT NULL REFERENCES "profiles"."fundraising_challenges" ("id") ON DELETE CASCADE,
        "runner_profile_id" uuid NOT NULL REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "exclusive" boolean NOT NULL,
        "name" text NOT NULL,
        "message" text,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "challenge_claims_one_exclusive_key" ON "profiles"."challenge_claims" ("challenge_id") WHERE "exclusive"`,
    );
    await queryRunner.query(
      `CREATE INDEX "challenge_claims_challenge_idx" ON "profiles"."challenge_claims" ("challenge_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "challenge_claims_profile_idx" ON "profiles"."challenge_claims" ("runner_profile_id", "created_at" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"."challenge_claims"`);
  }
}
