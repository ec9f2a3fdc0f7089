import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTeamRequestMails1797200000310 implements MigrationInterface {
  name = 'CreateTeamRequestMails1797200000310';

  async up(queryRunner: QueryRunner): Promise<void> {
    // When a runner's join request last mailed a team's captain: once a day, the rest go in the digest.
    // It outlives the request itself, so joining and withdrawing again does not mail again.
    await queryRunner.query(`
      CREATE TABLE "profiles"."team_request_mails" (
        "team_id" uuid NOT NULL REFERENCES "profiles"."teams" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "mailed_at" timestamptz NOT NULL,
        PRIMARY KEY ("team_id", "user_id")
      )`);
    // A deleted account's rows go with it.
    await queryRunner.query(
      `CREATE INDEX "IDX_team_request_mails_user" ON "profiles"."team_request_mails" ("user_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"."team_request_mails"`);
  }
}
