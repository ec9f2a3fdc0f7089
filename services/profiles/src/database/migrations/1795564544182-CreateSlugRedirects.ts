import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSlugRedirects1795564544182 implements MigrationInterface {
  name = 'CreateSlugRedirects1795564544182';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A page's former addresses: shared links keep finding it after its slug changed.
    await queryRunner.query(`
      CREATE TABLE "profiles"."slug_redirects" (
        "old_slug" text PRIMARY KEY,
        "runner_profile_id" uuid NOT NULL REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "slug_redirects_profile_idx" ON "profiles"."slug_redirects" ("runner_profile_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"."slug_redirects"`);
  }
}
