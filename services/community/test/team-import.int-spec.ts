// Teams move from profiles to community (decision 0022) on a database where profiles holds teams:
// profiles' migration records one export event per team, community applies each once, every
// standing equals its members summed, and a write of the previous release's replicas is refused.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import type { INestMicroservice } from '@nestjs/common';
import { PROFILES, PROFILES_EVENTS, type Profile } from '@runpledge/contracts';
import { bootstrapService, eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { eventually, natsRequester, SAMPLE_RUNNER } from '../../../scripts/jest/helpers.mjs';

// Two services start in this file, on a shared machine.
jest.setTimeout(180_000);

describe('teams brought from profiles to community by export events', () => {
  let profiles: INestMicroservice;
  let community: INestMicroservice;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Client;
  const savedEnv = { ...process.env };
  /** Profiles' migration ExportTeamsToCommunity, as profiles' data source holds it. */
  const exportMigration = () =>
    profiles.get(DataSource).migrations.find((m) => m.name === 'ExportTeamsToCommunity1799498538086')!;

  beforeAll(async () => {
    Object.assign(process.env, { REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}${randomUUID().slice(0, 8)}:` });
    const { AppModule: ProfilesModule } = await import('../../profiles/src/app.module.js');
    profiles = await bootstrapService('profiles', ProfilesModule);
    const { AppModule } = await import('../src/app.module.js');
    community = await bootstrapService('community', AppModule);
    nats = await natsRequester();
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    // The run's database was migrated empty: take the export back, so profiles can hold teams first.
    await profiles.get(DataSource).transaction((m) => exportMigration().down!(m.queryRunner!));
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await nats?.close();
    await community?.close();
    await profiles?.close();
    process.env = savedEnv;
  });

  const createPage = async (userId: string, currency = 'USD') => {
    const reply = (await nats.request(PROFILES.profile.create, {
      userId,
      profile: {
        urlSlug: `imp-${randomUUID().slice(0, 8)}`,
        ...SAMPLE_RUNNER,
        donationPlatform: 'other',
        charityLink: 'https://charity.example.org/donate',
        fundraisingCurrency: currency,
        challenges: [],
      },
    })) as { response?: Profile; err?: unknown };
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    return reply.response as Profile;
  };
  const addTeam = async (team: { id: string; slug: string; currency: string; joinRule: string; captain: string }) =>
    db.query(
      `INSERT INTO profiles.teams (id, slug, name, charity_name, marathon_name, marathon_date, currency, goal_amount,
         join_rule, captain_profile_id, invite_code)
       VALUES ($1, $2, 'Crew ' || $2, 'Kids Charity', 'Chicago Marathon', '2027-10-10', $3, 5000, $4, $5, 'code')`,
      [team.id, team.slug, team.currency, team.joinRule, team.captain],
    );
  const addMember = async (
    teamId: string,
    page: Profile,
    userId: string,
    m: { status?: string; published?: boolean; raised: string; donors: number; currency?: string; meters?: number },
  ) =>
    db.query(
      `INSERT INTO profiles.team_members (runner_profile_id, team_id, user_id, status, published, raised, donors,
         currency, totals_version, meters, distance_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 50, $9, 50)`,
      [
        page.id,
        teamId,
        userId,
        m.status ?? 'member',
        m.published ?? true,
        m.raised,
        m.donors,
        m.currency ?? 'USD',
        m.meters ?? 0,
      ],
    );
  const standing = async (teamId: string) =>
    (
      await db.query(
        `SELECT currency, raised, donors, meters, member_count FROM community.standings
          WHERE group_kind = 'team' AND group_id = $1`,
        [teamId],
      )
    ).rows[0];
  /** The team's members summed as decision 13 and 17 count them: what its standing must equal. */
  const summed = async (teamId: string) =>
    (
      await db.query(
        `WITH counted AS (SELECT m.* FROM community.standing_members m
                            WHERE m.group_kind = 'team' AND m.group_id = $1 AND m.status = 'member' AND m.published)
         SELECT s.currency,
                coalesce((SELECT sum(raised) FROM counted WHERE currency = s.currency), 0)::numeric(14,2)::text AS raised,
                coalesce((SELECT sum(donors) FROM counted), 0)::int AS donors,
                coalesce((SELECT sum(mx) FROM (SELECT max(meters) AS mx FROM counted GROUP BY user_id) r), 0)::float8 AS meters,
                (SELECT count(*) FROM counted)::int AS member_count
           FROM community.standings s WHERE s.group_kind = 'team' AND s.group_id = $1`,
        [teamId],
      )
    ).rows[0];

  it('brings every team, member, request and sum over once, and refuses the old release a team write', async () => {
    const users = Array.from({ length: 5 }, () => randomUUID());
    const [cap, bob, unpub, pounds, capTwo] = users as [string, string, string, string, string];
    const capPage = await createPage(cap);
    const bobPage = await createPage(bob);
    const bobSecond = await createPage(bob);
    const unpubPage = await createPage(unpub);
    const poundsPage = await createPage(pounds, 'GBP');
    const capTwoPage = await createPage(capTwo, 'GBP');
    const dollars = {
      id: randomUUID(),
      slug: `imp-usd-${randomUUID().slice(0, 6)}`,
      currency: 'USD',
      joinRule: 'open',
    };
    const sterling = {
      id: randomUUID(),
      slug: `imp-gbp-${randomUUID().slice(0, 6)}`,
      currency: 'GBP',
      joinRule: 'approval',
    };
    await addTeam({ ...dollars, captain: capPage.id });
    await addTeam({ ...sterling, captain: capTwoPage.id });
    await addMember(dollars.id, capPage, cap, { raised: '100.00', donors: 2, meters: 5000 });
    await addMember(dollars.id, bobPage, bob, { raised: '200.00', donors: 3, meters: 1000 });
    await addMember(dollars.id, unpubPage, unpub, { raised: '50.00', donors: 1, published: false, meters: 700 });
    await addMember(dollars.id, poundsPage, pounds, { raised: '70.00', donors: 4, currency: 'GBP' });
    await addMember(sterling.id, capTwoPage, capTwo, { raised: '80.00', donors: 1, currency: 'GBP' });
    await addMember(sterling.id, bobSecond, bob, { status: 'pending', raised: '9.00', donors: 9, meters: 1000 });
    await db.query(`INSERT INTO profiles.team_request_mails (team_id, user_id, mailed_at) VALUES ($1, $2, now())`, [
      sterling.id,
      bob,
    ]);

    await profiles.get(DataSource).transaction((m) => exportMigration().up(m.queryRunner!));

    await eventually(async () => expect(await standing(sterling.id)).toBeDefined(), { timeoutMs: 60_000 });
    await eventually(async () => expect(await standing(dollars.id)).toBeDefined(), { timeoutMs: 60_000 });
    // Raised in the team's currency only; donors and miles of every counted member; the unpublished left out.
    expect(await standing(dollars.id)).toEqual({
      currency: 'USD',
      raised: '300.00',
      donors: 9,
      meters: 6000,
      member_count: 3,
    });
    expect(await standing(sterling.id)).toEqual({
      currency: 'GBP',
      raised: '80.00',
      donors: 1,
      meters: 0,
      member_count: 1,
    });
    for (const team of [dollars, sterling]) expect(await standing(team.id)).toEqual(await summed(team.id));
    const rows = await db.query(`SELECT slug, captain_profile_id FROM community.teams WHERE id = ANY($1::uuid[])`, [
      [dollars.id, sterling.id],
    ]);
    expect(rows.rows.map((r) => r.captain_profile_id).sort()).toEqual([capPage.id, capTwoPage.id].sort());
    expect(
      (await db.query(`SELECT count(*)::int AS n FROM community.team_request_mails WHERE team_id = $1`, [sterling.id]))
        .rows[0].n,
    ).toBe(1);
    // Profiles learns each page's team from community's events: the runner page names it.
    await eventually(
      async () =>
        expect(
          (await db.query(`SELECT team_slug, is_captain FROM profiles.page_teams WHERE profile_id = $1`, [capPage.id]))
            .rows[0],
        ).toEqual({ team_slug: dollars.slug, is_captain: true }),
      { timeoutMs: 30_000 },
    );

    // The same export delivered again (a replay) changes nothing.
    const [exported] = (
      await db.query(`SELECT payload FROM profiles.outbox WHERE type = $1 AND payload->'team'->>'id' = $2`, [
        PROFILES_EVENTS.teamExported.type,
        dollars.id,
      ])
    ).rows as { payload: unknown }[];
    const id = randomUUID();
    const envelope = {
      id,
      type: PROFILES_EVENTS.teamExported.type,
      occurredAt: new Date().toISOString(),
      payload: exported!.payload,
    };
    await jetstream(nats.nc).publish(eventSubject(PROFILES_EVENTS.teamExported.type), JSON.stringify(envelope), {
      msgID: id,
    });
    await eventually(async () =>
      expect((await db.query(`SELECT 1 FROM community.processed_events WHERE event_id = $1`, [id])).rowCount).toBe(1),
    );
    expect(await standing(dollars.id)).toEqual(await summed(dollars.id));
    expect(await standing(dollars.id)).toMatchObject({ raised: '300.00', member_count: 3 });

    // A replica of the previous release: its team writes are refused at commit, nothing taken and lost.
    const refused = /teams are served by community now/;
    await expect(db.query(`UPDATE profiles.teams SET name = 'Renamed' WHERE id = $1`, [dollars.id])).rejects.toThrow(
      refused,
    );
    await expect(
      db.query(`UPDATE profiles.team_members SET status = 'member' WHERE runner_profile_id = $1`, [bobSecond.id]),
    ).rejects.toThrow(refused);
    await expect(
      db.query(`DELETE FROM profiles.team_members WHERE runner_profile_id = $1`, [bobPage.id]),
    ).rejects.toThrow(refused);
    // What still goes on there is allowed: snapshot updates, and a page's deletion with its membership.
    await db.query(`UPDATE profiles.team_members SET raised = 1 WHERE runner_profile_id = $1`, [bobPage.id]);
    await db.query(`DELETE FROM profiles.runner_profiles WHERE id = $1`, [unpubPage.id]);
  });
});
