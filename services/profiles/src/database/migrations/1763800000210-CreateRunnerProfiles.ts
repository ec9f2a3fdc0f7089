import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateRunnerProfiles1763800000210 implements MigrationInterface {
  name = 'CreateRunnerProfiles1763800000210';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "profiles"."runner_profiles" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "url_slug" text NOT NULL,
        "name" text NOT NULL,
        "marathon_name" text NOT NULL,
        "marathon_date" date NOT NULL,
        "goal_hours" smallint NOT NULL DEFAULT 0 CHECK ("goal_hours" BETWEEN 0 AND 23),
        "goal_minutes" smallint NOT NULL DEFAULT 0 CHECK ("goal_minutes" BETWEEN 0 AND 59),
        "charity_link" text,
        "description" text NOT NULL,
        "connect_strava" boolean NOT NULL DEFAULT false,
        "donation_platform" text NOT NULL CHECK ("donation_platform" IN ('donordrive', 'justgiving', 'haku', 'other')),
        "donor_drive_event_url" text,
        "donor_drive_participant_id" text,
        "just_giving_page_short_name" text,
        "haku_donation_url" text,
        "funds_raised" numeric(12, 2) NOT NULL DEFAULT 0 CHECK ("funds_raised" >= 0),
        "fundraising_goal" numeric(12, 2) NOT NULL DEFAULT 0 CHECK ("fundraising_goal" >= 0),
        "total_donors" integer NOT NULL DEFAULT 0 CHECK ("total_donors" >= 0),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "runner_profiles_url_slug_key" UNIQUE ("url_slug")
      )`);
    await queryRunner.query(
      `CREATE INDEX "runner_profiles_user_id_idx" ON "profiles"."runner_profiles" ("user_id", "created_at" DESC)`,
    );
    // Deferrable so a reorder can swap positions in one UPDATE (checked at the statement's end).
    await queryRunner.query(`
      CREATE TABLE "profiles"."fundraising_challenges" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "runner_profile_id" uuid NOT NULL REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "amount" numeric(10, 2) NOT NULL CHECK ("amount" BETWEEN 0 AND 10000),
        "description" text NOT NULL,
        "is_exclusive" boolean NOT NULL DEFAULT false,
        "position" integer NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "fundraising_challenges_position_key" UNIQUE ("runner_profile_id", "position")
          DEFERRABLE INITIALLY IMMEDIATE
      )`);
    await queryRunner.query(`
      CREATE TABLE "profiles"."encouragements" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "runner_profile_id" uuid NOT NULL REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "sender_name" text NOT NULL,
        "message" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "encouragements_profile_idx" ON "profiles"."encouragements" ("runner_profile_id", "created_at" DESC)`,
    );
    // Billing's word on each owner, from billing.subscription.changed; no row means no access.
    await queryRunner.query(`
      CREATE TABLE "profiles"."owner_access" (
        "user_id" uuid PRIMARY KEY,
        "status" text NOT NULL,
        "current_period_end" timestamptz,
        "changed_at" timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"."owner_access"`);
    await queryRunner.query(`DROP TABLE "profiles"."encouragements"`);
    await queryRunner.query(`DROP TABLE "profiles"."fundraising_challenges"`);
    await queryRunner.query(`DROP TABLE "profiles"."runner_profiles"`);
  }
}
