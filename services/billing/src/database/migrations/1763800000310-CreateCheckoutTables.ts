import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCheckoutTables1763800000310 implements MigrationInterface {
  name = 'CreateCheckoutTables1763800000310';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "billing"."lifetime_codes" (
        "code" text PRIMARY KEY CHECK ("code" = upper("code") AND length("code") BETWEEN 1 AND 64),
        "max_redemptions" integer CHECK ("max_redemptions" > 0),
        "redemption_count" integer NOT NULL DEFAULT 0 CHECK ("redemption_count" >= 0),
        "expires_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CHECK ("max_redemptions" IS NULL OR "redemption_count" <= "max_redemptions")
      )`);
    await queryRunner.query(`
      CREATE TABLE "billing"."lifetime_code_redemptions" (
        "code" text NOT NULL REFERENCES "billing"."lifetime_codes" ("code") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "redeemed_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("code", "user_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "billing"."processed_stripe_events" (
        "event_id" text PRIMARY KEY,
        "type" text NOT NULL,
        "processed_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "billing"."processed_stripe_events"`);
    await queryRunner.query(`DROP TABLE "billing"."lifetime_code_redemptions"`);
    await queryRunner.query(`DROP TABLE "billing"."lifetime_codes"`);
  }
}
