import type { MigrationInterface, QueryRunner } from 'typeorm';

/** profiles' tables this copy reads; absent (no profiles schema yet), there is nothing to copy. */
const SOURCES = [
  'profiles.runner_profiles',
  'profiles.owner_access',
  'profiles.runner_distances',
  'profiles.deleted_accounts',
];

/**
 * Once, when community first runs: its copy of the pages that existed before it (their cards and
 * totals), their owners' access and their runners' distances, from profiles' tables (profiles keeps
 * copies of billing's and fitness's events), and the tombstones of accounts deleted before it. Events from then on keep the copy, each part applied
 * only when newer. The only read of another service's schema, at migration time, never at start or
 * on a request (decision 18).
 *
 * SHARE locks make profiles' writes to these tables wait for the copy (reads go on), so a change is
 * either in the copy or made after it, with an event newer than the copy: the card's time is this
 * transaction's start, before any later write's event. Running it again changes nothing newer.
 */
export class CopyPagesFromProfiles1798000000620 implements MigrationInterface {
  name = 'CopyPagesFromProfiles1798000000620';

  async up(queryRunner: QueryRunner): Promise<void> {
    const found: { present: boolean }[] = await queryRunner.query(
      `SELECT bool_and(to_regclass(t) IS NOT NULL) AS present FROM unnest($1::text[]) AS t`,
      [SOURCES],
    );
    if (!found[0]?.present) return;
    await queryRunner.query(`LOCK TABLE ${SOURCES.join(', ')} IN SHARE MODE`);
    await queryRunner.query(`
      INSERT INTO "community"."pages" (profile_id, user_id, url_slug, name, card_changed_at, funds_raised,
        fundraising_goal, total_donors, currency, totals_version)
      SELECT p.id, p.user_id, p.url_slug, p.name, now(), p.funds_raised, p.fundraising_goal, p.total_donors,
             p.fundraising_currency, p.totals_version
        FROM "profiles"."runner_profiles" p
      ON CONFLICT (profile_id) DO UPDATE
        SET user_id = EXCLUDED.user_id, url_slug = EXCLUDED.url_slug, name = EXCLUDED.name,
            card_changed_at = EXCLUDED.card_changed_at
        WHERE "community"."pages".deleted_at IS NULL
          AND ("community"."pages".card_changed_at IS NULL
               OR "community"."pages".card_changed_at < EXCLUDED.card_changed_at)`);
    await queryRunner.query(`
      UPDATE "community"."pages" c
         SET funds_raised = p.funds_raised, fundraising_goal = p.fundraising_goal, total_donors = p.total_donors,
             currency = p.fundraising_currency, totals_version = p.totals_version
        FROM "profiles"."runner_profiles" p
       WHERE c.profile_id = p.id AND c.deleted_at IS NULL AND c.totals_version < p.totals_version`);
    await queryRunner.query(`
      INSERT INTO "community"."owner_access" (user_id, status, current_period_end, changed_at)
      SELECT user_id, status, current_period_end, changed_at FROM "profiles"."owner_access"
      ON CONFLICT (user_id) DO UPDATE
        SET status = EXCLUDED.status, current_period_end = EXCLUDED.current_period_end, changed_at = EXCLUDED.changed_at
        WHERE "community"."owner_access".changed_at < EXCLUDED.changed_at`);
    await queryRunner.query(`
      INSERT INTO "community"."runner_distances" (user_id, total_meters, version)
      SELECT user_id, total_meters, version FROM "profiles"."runner_distances"
      ON CONFLICT (user_id) DO UPDATE SET total_meters = EXCLUDED.total_meters, version = EXCLUDED.version
        WHERE "community"."runner_distances".version < EXCLUDED.version`);
    await queryRunner.query(`
      INSERT INTO "community"."deleted_accounts" (account_hash, deleted_at)
      SELECT account_hash, deleted_at FROM "profiles"."deleted_accounts"
      ON CONFLICT DO NOTHING`);
  }

  async down(): Promise<void> {
    // The copy stays: events keep it from here on.
  }
}
