import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateRaceDay1795898439737 implements MigrationInterface {
  name = 'CreateRaceDay1795898439737';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The race's IANA time zone (from the page's event; null = UTC): race day is the marathon date there.
    await queryRunner.query(
      `ALTER TABLE "profiles"."runner_profiles" ADD COLUMN IF NOT EXISTS "race_time_zone" text NULL`,
    );
    // The runner's last day of raising; null: 30 days after race day.
    await queryRunner.query(
      `ALTER TABLE "profiles"."runner_profiles" ADD COLUMN IF NOT EXISTS "raising_until" date NULL`,
    );
    // The race-morning sweep looks for pages by race day.
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "IDX_runner_profiles_marathon_date" ON "profiles"."runner_profiles" ("marathon_date")`,
    );
    // A page's race result. `status` null: undone. `auto_finished_at`: a race-day run recorded a
    // finish once; no later run records another, whatever the owner changed since.
    await queryRunner.query(`
      CREATE TABLE "profiles"."race_results" (
        "runner_profile_id" uuid PRIMARY KEY REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "status" text NULL CHECK ("status" IN ('finished', 'did_not_finish')),
        "finish_seconds" integer NULL,
        "source" text NULL,
        "auto_finished_at" timestamptz NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // Supporters following a runner's race: double opt-in, one row per page and inbox.
    await queryRunner.query(`
      CREATE TABLE "profiles"."followers" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "runner_profile_id" uuid NOT NULL REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "name" text NULL,
        "email" text NOT NULL,
        "inbox_hash" text NOT NULL,
        "status" text NOT NULL DEFAULT 'pending_confirmation',
        "confirm_token_hash" text NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "confirmed_at" timestamptz NULL
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_followers_page_inbox" ON "profiles"."followers" ("runner_profile_id", "inbox_hash")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_followers_page_status" ON "profiles"."followers" ("runner_profile_id", "status")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_followers_confirm_token" ON "profiles"."followers" ("confirm_token_hash") WHERE "confirm_token_hash" IS NOT NULL`,
    );
    // Each race-day mail to each recipient, claimed once ever: the ledger that keeps a finish recorded,
    // undone and recorded again from mailing anyone twice. `recipient` is `follower:{id}` or `pledge:{id}`.
    await queryRunner.query(`
      CREATE TABLE "profiles"."race_day_mails" (
        "recipient" text NOT NULL,
        "kind" text NOT NULL,
        "runner_profile_id" uuid NOT NULL REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "claimed_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("recipient", "kind")
      )`);
    // The runner's thank-yous: one a week at most.
    await queryRunner.query(`
      CREATE TABLE "profiles"."thank_yous" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "runner_profile_id" uuid NOT NULL REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "message" text NOT NULL,
        "recipients" integer NOT NULL,
        "sent_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_thank_yous_page_sent" ON "profiles"."thank_yous" ("runner_profile_id", "sent_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"."thank_yous"`);
    await queryRunner.query(`DROP TABLE "profiles"."race_day_mails"`);
    await queryRunner.query(`DROP TABLE "profiles"."followers"`);
    await queryRunner.query(`DROP TABLE "profiles"."race_results"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "profiles"."IDX_runner_profiles_marathon_date"`);
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" DROP COLUMN IF EXISTS "raising_until"`);
  }
}
