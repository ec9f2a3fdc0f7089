import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A charity's runner places (its Stripe subscription, places bought) and the runners given one. */
export class CreateCharitySponsorships1795898264305 implements MigrationInterface {
  name = 'CreateCharitySponsorships1795898264305';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "billing"."charity_sponsorships" (
        "charity_id" uuid PRIMARY KEY,
        "status" text NOT NULL DEFAULT 'none',
        "seats" integer NOT NULL DEFAULT 0,
        "stripe_customer_id" text NULL,
        "stripe_subscription_id" text NULL,
        "current_period_end" timestamptz NULL,
        "ends_at" timestamptz NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "charity_sponsorships_subscription" ON "billing"."charity_sponsorships" ("stripe_subscription_id") WHERE "stripe_subscription_id" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "billing"."sponsored_seats" (
        "charity_id" uuid NOT NULL REFERENCES "billing"."charity_sponsorships" ("charity_id") ON DELETE CASCADE,
        "runner_profile_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "assigned_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        "ending_notice_for" timestamptz NULL,
        PRIMARY KEY ("charity_id", "runner_profile_id")
      )`);
    await queryRunner.query(`CREATE INDEX "sponsored_seats_user" ON "billing"."sponsored_seats" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "billing"."sponsored_seats"`);
    await queryRunner.query(`DROP TABLE "billing"."charity_sponsorships"`);
  }
}
