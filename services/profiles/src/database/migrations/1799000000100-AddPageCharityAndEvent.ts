import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A page may name a listed charity and its event (community's charities and events), and its card
 * (`profiles.profile.card-changed`) tells more of it: marathon, race day, platform, charity, event and
 * creation time. Every existing page's card and totals are recorded again here, through the outbox in
 * this migration's transaction, so that copies kept by other services (community's pages) learn them
 * from events alone, never by reading this schema. A card recorded now is newer than any before it; the row lock of a later
 * edit orders its card after this one.
 */
export class AddPageCharityAndEvent1799000000100 implements MigrationInterface {
  name = 'AddPageCharityAndEvent1799000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" ADD COLUMN IF NOT EXISTS "charity_id" uuid NULL`);
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" ADD COLUMN IF NOT EXISTS "event_id" uuid NULL`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "runner_profiles_charity_idx" ON "profiles"."runner_profiles" ("charity_id") WHERE "charity_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "runner_profiles_event_idx" ON "profiles"."runner_profiles" ("event_id") WHERE "event_id" IS NOT NULL`,
    );
    await queryRunner.query(`
      INSERT INTO "profiles"."outbox" (id, type, payload, occurred_at, published_at)
      SELECT gen_random_uuid(), 'profiles.profile.card-changed',
             jsonb_build_object(
               'profileId', p.id, 'userId', p.user_id, 'urlSlug', p.url_slug, 'name', p.name,
               'marathonName', p.marathon_name, 'marathonDate', to_char(p.marathon_date, 'YYYY-MM-DD'),
               'platform', p.donation_platform, 'charityId', p.charity_id, 'eventId', p.event_id,
               'createdAt', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
             clock_timestamp(), NULL
        FROM "profiles"."runner_profiles" p
        FOR SHARE`);
    // Its totals too, at the version they have: a copy that has them already changes nothing.
    await queryRunner.query(`
      INSERT INTO "profiles"."outbox" (id, type, payload, occurred_at, published_at)
      SELECT gen_random_uuid(), 'profiles.totals.changed',
             jsonb_build_object(
               'profileId', p.id, 'urlSlug', p.url_slug, 'fundsRaised', p.funds_raised::text,
               'fundraisingGoal', p.fundraising_goal::text, 'totalDonors', p.total_donors,
               'fundraisingCurrency', p.fundraising_currency, 'totalsSource', p.totals_source,
               'totalsVersion', p.totals_version),
             clock_timestamp(), NULL
        FROM "profiles"."runner_profiles" p`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "profiles"."runner_profiles_event_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "profiles"."runner_profiles_charity_idx"`);
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" DROP COLUMN IF EXISTS "event_id"`);
    await queryRunner.query(`ALTER TABLE "profiles"."runner_profiles" DROP COLUMN IF EXISTS "charity_id"`);
  }
}
