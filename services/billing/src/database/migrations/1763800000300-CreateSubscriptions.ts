import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSubscriptions1763800000300 implements MigrationInterface {
  name = 'CreateSubscriptions1763800000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "billing"."subscriptions" (
        "user_id" uuid PRIMARY KEY,
        "status" text NOT NULL CHECK ("status" IN ('none','trialing','active','past_due','canceled','lifetime')),
        "stripe_customer_id" text UNIQUE,
        "stripe_subscription_id" text UNIQUE,
        "trial_ends_at" timestamptz,
        "current_period_end" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "billing"."subscriptions"`);
  }
}
