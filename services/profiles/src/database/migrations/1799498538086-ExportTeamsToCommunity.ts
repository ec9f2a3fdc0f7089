import type { MigrationInterface, QueryRunner } from 'typeorm';

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Teams move to community (decision 0022). In this migration's transaction, with profiles' team tables
 * held in SHARE mode (team writes wait for it, reads go on), one `profiles.team.exported` event per
 * team goes into profiles' outbox: its row, its members' snapshots with their versions, and when each
 * runner's request last mailed the captain. Community applies each once.
 *
 * Replicas of the previous release may still write teams until the rollout ends: from here on the
 * tables refuse, when the writing transaction commits, every write community would not learn of (a
 * team created, edited, handed over or deleted, a member added, approved or removed, with the pages
 * still there), so such a request fails and is asked again of a new replica, never lost. What
 * profiles still does to them is allowed: its consumers' snapshot and sum updates (community keeps
 * its own from the same events), and what goes with a page's deletion (its memberships, a captain's
 * hand-over, a lone captain's team), which community does itself from `profiles.profile.deleted`.
 * The tables and the trigger are dropped by a later release, when no process reads them.
 *
 * The suppression list is recorded again too (`profiles.inbox.suppressed`, once per inbox), so that
 * community, which now mails captains, keeps a complete copy; and every page's totals
 * (`profiles.totals.changed`, at its current `totalsVersion`, applied only where newer), so that
 * community's copy of the pages never needs to read them from profiles' schema.
 */
export class ExportTeamsToCommunity1799498538086 implements MigrationInterface {
  name = 'ExportTeamsToCommunity1799498538086';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `LOCK TABLE "profiles"."teams", "profiles"."team_members", "profiles"."team_request_mails" IN SHARE MODE`,
    );
    await queryRunner.query(`
      INSERT INTO "profiles"."outbox" (id, type, payload, occurred_at, published_at)
      SELECT gen_random_uuid(), 'profiles.team.exported',
             jsonb_build_object(
               'team', jsonb_build_object(
                 'id', t.id, 'slug', t.slug, 'name', t.name, 'story', t.story, 'charityName', t.charity_name,
                 'marathonName', t.marathon_name, 'marathonDate', to_char(t.marathon_date, 'YYYY-MM-DD'),
                 'currency', t.currency, 'goalAmount', t.goal_amount::text, 'joinRule', t.join_rule,
                 'captainProfileId', t.captain_profile_id, 'inviteCode', t.invite_code,
                 'createdAt', ${ISO('t.created_at')}),
               'members', coalesce((
                 SELECT jsonb_agg(jsonb_build_object(
                          'profileId', m.runner_profile_id, 'userId', m.user_id, 'status', m.status,
                          'requestedAt', ${ISO('m.requested_at')}, 'joinedAt', ${ISO('m.joined_at')},
                          'digestMailedAt', CASE WHEN m.digest_mailed_at IS NULL THEN NULL
                                                 ELSE ${ISO('m.digest_mailed_at')} END,
                          'published', m.published, 'raised', m.raised::text, 'donors', m.donors,
                          'currency', m.currency, 'totalsVersion', m.totals_version, 'meters', m.meters,
                          'distanceVersion', m.distance_version) ORDER BY m.joined_at, m.runner_profile_id)
                   FROM "profiles"."team_members" m WHERE m.team_id = t.id), '[]'::jsonb),
               'requestMails', coalesce((
                 SELECT jsonb_agg(jsonb_build_object('userId', r.user_id, 'mailedAt', ${ISO('r.mailed_at')}))
                   FROM "profiles"."team_request_mails" r WHERE r.team_id = t.id), '[]'::jsonb)),
             clock_timestamp(), NULL
        FROM "profiles"."teams" t`);
    await queryRunner.query(`
      INSERT INTO "profiles"."outbox" (id, type, payload, occurred_at, published_at)
      SELECT gen_random_uuid(), 'profiles.inbox.suppressed', jsonb_build_object('inboxHash', s.inbox_hash),
             clock_timestamp(), NULL
        FROM "profiles"."suppressed_inboxes" s`);
    await queryRunner.query(`
      INSERT INTO "profiles"."outbox" (id, type, payload, occurred_at, published_at)
      SELECT gen_random_uuid(), 'profiles.totals.changed',
             jsonb_build_object('profileId', p.id, 'urlSlug', p.url_slug, 'fundsRaised', p.funds_raised::text,
               'fundraisingGoal', p.fundraising_goal::text, 'totalDonors', p.total_donors,
               'fundraisingCurrency', p.fundraising_currency, 'totalsSource', p.totals_source,
               'totalsVersion', p.totals_version),
             clock_timestamp(), NULL
        FROM "profiles"."runner_profiles" p
        FOR SHARE`);
    // Profiles' copies that only its team sums read: community keeps its own from here on.
    await queryRunner.query(`DELETE FROM "profiles"."runner_distances"`);
    await queryRunner.query(`DELETE FROM "profiles"."team_request_mails"`);
    await queryRunner.query(`
      CREATE FUNCTION "profiles"."refuse_moved_team_writes"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'teams' THEN
          IF TG_OP = 'INSERT'
             OR (TG_OP = 'UPDATE' AND (NEW.slug, NEW.name, NEW.story, NEW.charity_name, NEW.marathon_name,
                   NEW.marathon_date, NEW.currency, NEW.goal_amount, NEW.join_rule, NEW.invite_code)
                 IS DISTINCT FROM (OLD.slug, OLD.name, OLD.story, OLD.charity_name, OLD.marathon_name,
                   OLD.marathon_date, OLD.currency, OLD.goal_amount, OLD.join_rule, OLD.invite_code))
             OR ((TG_OP = 'DELETE' OR NEW.captain_profile_id <> OLD.captain_profile_id)
                 AND EXISTS (SELECT 1 FROM "profiles"."runner_profiles" WHERE id = OLD.captain_profile_id)) THEN
            RAISE EXCEPTION 'teams are served by community now: ask again' USING ERRCODE = '55000';
          END IF;
        ELSIF TG_OP = 'INSERT'
           OR (TG_OP = 'UPDATE' AND NEW.status IS DISTINCT FROM OLD.status)
           OR (TG_OP = 'DELETE'
               AND EXISTS (SELECT 1 FROM "profiles"."runner_profiles" WHERE id = OLD.runner_profile_id)
               AND EXISTS (SELECT 1 FROM "profiles"."teams" WHERE id = OLD.team_id)) THEN
          RAISE EXCEPTION 'teams are served by community now: ask again' USING ERRCODE = '55000';
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of ['teams', 'team_members'])
      await queryRunner.query(
        `CREATE CONSTRAINT TRIGGER "${table}_moved_to_community" AFTER INSERT OR UPDATE OR DELETE
           ON "profiles"."${table}" DEFERRABLE INITIALLY DEFERRED
           FOR EACH ROW EXECUTE FUNCTION "profiles"."refuse_moved_team_writes"()`,
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS "team_members_moved_to_community" ON "profiles"."team_members"`);
    await queryRunner.query(`DROP TRIGGER IF EXISTS "teams_moved_to_community" ON "profiles"."teams"`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS "profiles"."refuse_moved_team_writes"()`);
  }
}
