import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a charity's console shows of each runner beside their totals: when a donation last came
 * (their totals rose) and when they last ran (their distance grew); and the messages charities
 * sent, for the limit of one a week per runner from one charity. Nullable columns and a new table:
 * a running deployment survives it.
 */
export class AddCharityConsoleActivity1798898392900 implements MigrationInterface {
  name = 'AddCharityConsoleActivity1798898392900';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "community"."pages" ADD COLUMN IF NOT EXISTS "last_donation_at" timestamptz`);
    await queryRunner.query(
      `ALTER TABLE "community"."runner_distances" ADD COLUMN IF NOT EXISTS "last_run_at" timestamptz`,
    );
    await queryRunner.query(`
      CREATE TABLE "community"."charity_messages" (
        "id" uuid PRIMARY KEY,
        "charity_id" uuid NOT NULL REFERENCES "community"."charities" ("id") ON DELETE CASCADE,
        "profile_id" uuid NOT NULL,
        "sender_user_id" uuid NOT NULL,
        "sent_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "charity_messages_recent" ON "community"."charity_messages" ("charity_id", "profile_id", "sent_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "community"."charity_messages"`);
    await queryRunner.query(`ALTER TABLE "community"."runner_distances" DROP COLUMN IF EXISTS "last_run_at"`);
    await queryRunner.query(`ALTER TABLE "community"."pages" DROP COLUMN IF EXISTS "last_donation_at"`);
  }
}
