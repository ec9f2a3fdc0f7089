import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePledges1797100000100 implements MigrationInterface {
  name = 'CreatePledges1797100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Pledges per mile; they go with their page (and with the account, whose pages go).
    await queryRunner.query(`
      CREATE TABLE "profiles"."pledges" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "runner_profile_id" uuid NOT NULL REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "name" text NOT NULL,
        "email" text NOT NULL,
        "message" text,
        "rate_per_unit" numeric(10,2) NOT NULL,
        "cap" numeric(12,2),
        "counts" text NOT NULL CHECK ("counts" IN ('training', 'race')),
        "unit" text NOT NULL CHECK ("unit" IN ('mi', 'km')),
        "status" text NOT NULL DEFAULT 'pending_confirmation'
          CHECK ("status" IN ('pending_confirmation', 'active', 'due', 'paid', 'cancelled')),
        "confirm_token_hash" text,
        "token_hashes" text[] NOT NULL DEFAULT '{}',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "confirmed_at" timestamptz,
        "confirmed_on" date,
        "due_at" timestamptz,
        "distance_counted" numeric(12,2),
        "earned" numeric(12,2),
        "due_mailed_at" timestamptz,
        "reminders_sent" integer NOT NULL DEFAULT 0,
        "next_reminder_at" timestamptz,
        "paid_at" timestamptz,
        "cancelled_at" timestamptz,
        "unsubscribed_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_pledges_page_status" ON "profiles"."pledges" ("runner_profile_id", "status")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_pledges_confirm_token" ON "profiles"."pledges" ("confirm_token_hash")
         WHERE "confirm_token_hash" IS NOT NULL`,
    );
    // The sweeps: unconfirmed ones to lapse, due ones waiting for a mail or a reminder.
    await queryRunner.query(
      `CREATE INDEX "IDX_pledges_pending" ON "profiles"."pledges" ("created_at") WHERE "status" = 'pending_confirmation'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_pledges_reminders" ON "profiles"."pledges" ("next_reminder_at")
         WHERE "status" = 'due' AND "unsubscribed_at" IS NULL AND "next_reminder_at" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_pledges_unmailed" ON "profiles"."pledges" ("due_at") WHERE "status" = 'due' AND "due_mailed_at" IS NULL`,
    );
    // "I've finished": the runner closed the page's pledges before (or after) race day.
    await queryRunner.query(`
      CREATE TABLE "profiles"."pledge_closures" (
        "runner_profile_id" uuid PRIMARY KEY REFERENCES "profiles"."runner_profiles" ("id") ON DELETE CASCADE,
        "closed_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"."pledge_closures"`);
    await queryRunner.query(`DROP TABLE "profiles"."pledges"`);
  }
}
