import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateStravaWebhookSubscriptions1795553271981 implements MigrationInterface {
  name = 'CreateStravaWebhookSubscriptions1795553271981';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "fitness"."strava_webhook_subscriptions" (
        "subscription_id" bigint PRIMARY KEY,
        "callback_url" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "fitness"."strava_webhook_subscriptions"`);
  }
}
