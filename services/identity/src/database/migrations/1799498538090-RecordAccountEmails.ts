import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Community mails team captains and keeps owners' addresses from identity's events: every account's
 * current address is recorded once more (`identity.user.email-changed`, through the outbox in this
 * migration's transaction, under a SHARE lock so a change made meanwhile is recorded after it), so
 * that a copy started after the accounts were made is complete. Profiles applies it as the same address.
 */
export class RecordAccountEmails1799498538090 implements MigrationInterface {
  name = 'RecordAccountEmails1799498538090';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`LOCK TABLE "identity"."users" IN SHARE MODE`);
    await queryRunner.query(`
      INSERT INTO "identity"."outbox" (id, type, payload, occurred_at, published_at)
      SELECT gen_random_uuid(), 'identity.user.email-changed',
             jsonb_build_object('userId', u.id, 'email', u.email,
               'changedAt', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
             clock_timestamp(), NULL
        FROM "identity"."users" u`);
  }

  async down(): Promise<void> {
    // Events once recorded are not taken back.
  }
}
