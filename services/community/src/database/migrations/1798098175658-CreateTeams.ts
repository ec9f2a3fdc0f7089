import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Teams in community (decision 0019): a team's own row (its sums are its standing, kind 'team'), what
 * its captain was told of each member (the daily digest) and of each runner's requests (one mail a
 * day), and the copies captains' mails need: owners' e-mail addresses and the suppression list.
 */
export class CreateTeams1798098175658 implements MigrationInterface {
  name = 'CreateTeams1798098175658';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "community"."teams" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "slug" text NOT NULL UNIQUE,
        "name" text NOT NULL,
        "story" text NOT NULL DEFAULT '',
        "charity_name" text NOT NULL,
        "marathon_name" text NOT NULL,
        "marathon_date" date NOT NULL,
        "currency" text NOT NULL,
        "goal_amount" numeric(12,2) NOT NULL DEFAULT 0,
        "join_rule" text NOT NULL CHECK ("join_rule" IN ('open', 'approval')),
        "captain_profile_id" uuid NOT NULL,
        "invite_code" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "teams_captain" ON "community"."teams" ("captain_profile_id")`);
    await queryRunner.query(`
      CREATE TABLE "community"."team_member_notices" (
        "profile_id" uuid PRIMARY KEY,
        "team_id" uuid NOT NULL REFERENCES "community"."teams" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "requested_at" timestamptz NOT NULL DEFAULT now(),
        "digest_mailed_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "team_member_notices_team" ON "community"."team_member_notices" ("team_id", "requested_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "community"."team_request_mails" (
        "team_id" uuid NOT NULL REFERENCES "community"."teams" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "mailed_at" timestamptz NOT NULL,
        PRIMARY KEY ("team_id", "user_id")
      )`);
    await queryRunner.query(`CREATE INDEX "team_request_mails_user" ON "community"."team_request_mails" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "community"."account_emails" (
        "user_id" uuid PRIMARY KEY,
        "email" text NOT NULL,
        "changed_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE TABLE "community"."suppressed_inboxes" ("inbox_hash" text PRIMARY KEY)`);
    await queryRunner.query(
      `CREATE INDEX "standing_members_ranking_raised" ON "community"."standing_members" ("group_kind", "group_id", "raised" DESC, "profile_id") WHERE "status" = 'member' AND "published"`,
    );
    await queryRunner.query(
      `CREATE INDEX "standing_members_ranking_meters" ON "community"."standing_members" ("group_kind", "group_id", "meters" DESC, "profile_id") WHERE "status" = 'member' AND "published"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "community"."standing_members_ranking_meters"`);
    await queryRunner.query(`DROP INDEX "community"."standing_members_ranking_raised"`);
    await queryRunner.query(`DROP TABLE "community"."suppressed_inboxes"`);
    await queryRunner.query(`DROP TABLE "community"."account_emails"`);
    await queryRunner.query(`DROP TABLE "community"."team_request_mails"`);
    await queryRunner.query(`DROP TABLE "community"."team_member_notices"`);
    await queryRunner.query(`DROP TABLE "community"."teams"`);
  }
}
