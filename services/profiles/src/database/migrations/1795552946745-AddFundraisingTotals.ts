import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 14: where a page's totals come from, their sync state, the donor wall and the milestones mailed. */
export class AddFundraisingTotals1795552946745 implements MigrationInterface {
  name = 'AddFundraisingTotals1795552946745';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "profiles"."runner_profiles"
        ADD COLUMN "fundraising_currency" text NOT NULL DEFAULT 'USD' CHECK ("fundraising_currency" ~ '^[A-Z]{3}$'),
        ADD COLUMN "totals_source" text NOT NULL DEFAULT 'manual' CHECK ("totals_source" IN ('donordrive', 'justgiving', 'manual')),
        ADD COLUMN "totals_synced_at" timestamptz,
        ADD COLUMN "totals_etag" text,
        ADD COLUMN "goal_set_by_owner" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`
      UPDATE "profiles"."runner_profiles" SET "totals_source" = "donation_platform"
      WHERE "donation_platform" IN ('donordrive', 'justgiving')`);
    await queryRunner.query(
      `CREATE INDEX "runner_profiles_totals_source_idx" ON "profiles"."runner_profiles" ("totals_source") WHERE "totals_source" <> 'manual'`,
    );
    await queryRunner.query(`
      CREATE TABLE "profiles"."donations" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "runner_profile_id" uuid NOT NULL REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "external_id" text NOT NULL,
        "donor_name" text,
        "amount" numeric(12, 2),
        "currency" text NOT NULL,
        "message" text,
        "donated_at" timestamptz NOT NULL,
        CONSTRAINT "donations_external_id_key" UNIQUE ("runner_profile_id", "external_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "donations_profile_idx" ON "profiles"."donations" ("runner_profile_id", "donated_at" DESC, "id")`,
    );
    // One row per (page, milestone): a milestone is mailed once, whatever the retries.
    await queryRunner.query(`
      CREATE TABLE "profiles"."fundraising_milestones" (
        "runner_profile_id" uuid NOT NULL REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "milestone" smallint NOT NULL CHECK ("milestone" IN (25, 50, 75, 100)),
        "reached_at" timestamptz NOT NULL DEFAULT now(),
        "emailed_at" timestamptz,
        PRIMARY KEY ("runner_profile_id", "milestone")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"."fundraising_milestones"`);
    await queryRunner.query(`DROP TABLE "profiles"."donations"`);
    await queryRunner.query(`
      ALTER TABLE "profiles"."runner_profiles"
        DROP COLUMN "goal_set_by_owner", DROP COLUMN "totals_etag", DROP COLUMN "totals_synced_at",
        DROP COLUMN "totals_source", DROP COLUMN "fundraising_currency"`);
  }
}
