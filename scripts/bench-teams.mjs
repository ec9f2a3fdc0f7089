// Teams bench (`npm run bench`, BENCH_TEAMS=0 skips it): a team of 5,000 members (BENCH_TEAM_MEMBERS),
// 4,950 of them seeded in SQL and 50 real runners who joined through the API.
//   1. GET /api/teams/{slug} through the gateway (NATS + community + PostgreSQL) at 50 connections;
//   2. the same read done directly in one process (Fastify + pg, the same two queries and JSON),
//      the baseline of the gateway / direct throughput ratio, as the runner page's (aim ≥ 2: the
//      gateway keeps a visitor's read for TEAM_VIEW_CACHE_TTL_MS); gateway p99 (aim ≤ 50 ms);
//   3. the 50 real members edit their hand-typed totals, 50 edits a second (BENCH_TEAM_CHANGE_SECONDS,
//      default 10): for each, the time from the edit's answer (the amount is on the member's page)
//      until the member's snapshot in the team (and with it the team's total) shows it; max and p99
//      (aim ≤ 5 s). The sum is then checked against the members' own amounts.
import './lib/node-runtime.mjs';
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { api } from './lib/runner-page-seed.mjs';
import { createTestRun } from './lib/test-run.mjs';
import { measure, startBenchStack, startHelper, summary } from './lib/bench-kit.mjs';

const int = (name, fallback) => Number(process.env[name] ?? fallback);
const METERS_TO_MILES = 0.000621371;
const miles = (m) => Math.round(m * METERS_TO_MILES * 100) / 100;

/** The one-process baseline: the team and its first 50 published members by raised, as the API shapes them. */
async function serveDirect(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify();
  app.get('/direct/teams/:slug', async (request, reply) => {
    const { rows } = await pool.query(
      `SELECT t.*, t.marathon_date::text AS marathon_date, s.raised, s.donors, s.meters, s.member_count,
              cp.name AS captain_name, cp.url_slug AS captain_slug
         FROM community.teams t JOIN community.standings s ON s.group_kind = 'team' AND s.group_id = t.id
         JOIN community.pages cp ON cp.profile_id = t.captain_profile_id WHERE t.slug = $1`,
      [request.params.slug],
    );
    const t = rows[0];
    if (!t) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Team not found' });
    const members = await pool.query(
      `SELECT m.*, m.profile_id AS runner_profile_id, p.url_slug, p.name, p.fundraising_goal
         FROM community.standing_members m JOIN community.pages p ON p.profile_id = m.profile_id
        WHERE m.group_kind = 'team' AND m.group_id = $1 AND m.status = 'member' AND m.published
        ORDER BY m.raised DESC, m.profile_id LIMIT 50`,
      [t.id],
    );
    return {
      team: {
        id: t.id,
        slug: t.slug,
        name: t.name,
        story: t.story,
        charityName: t.charity_name,
        marathonName: t.marathon_name,
        marathonDate: t.marathon_date,
        currency: t.currency,
        goalAmount: t.goal_amount,
        raised: t.raised,
        donors: t.donors,
        miles: miles(t.meters),
        memberCount: t.member_count,
        joinRule: t.join_rule,
        captain: { name: t.captain_name, pageSlug: t.captain_slug },
        isCaptain: false,
      },
      members: members.rows.map((m) => ({
        runnerProfileId: m.runner_profile_id,
        pageSlug: m.url_slug,
        name: m.name,
        raised: m.raised,
        currency: m.currency,
        donors: m.donors,
        miles: miles(m.meters),
        percentOfGoal: Number(m.fundraising_goal) > 0 ? Math.round((m.raised / m.fundraising_goal) * 1000) / 10 : 0,
        status: m.status,
        isCaptain: m.runner_profile_id === t.captain_profile_id,
        joinedAt: m.joined_at.toISOString(),
      })),
      page: 1,
      totalPages: Math.max(1, Math.ceil(t.member_count / 50)),
    };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`direct server listening on ${url}`);
  process.on('SIGTERM', () => void app.close().then(() => pool.end()));
}

/** A runner with a published page of hand-typed totals (access written as billing's event would). */
async function realRunner(base, db, i) {
  const { body: signup, cookie } = await api(base, 'POST', '/api/auth/signup', {
    email: `bench-team-${randomUUID()}@example.com`,
    password: 'Secret123',
  });
  await db.query(
    `INSERT INTO profiles.owner_access (user_id, status, current_period_end, changed_at) VALUES ($1, 'lifetime', NULL, now())
     ON CONFLICT (user_id) DO NOTHING`,
    [signup.user.id],
  );
  // Community's copy of it, as billing's event would leave it (community owns teams).
  await db.query(
    `INSERT INTO community.owner_access (user_id, status, current_period_end, changed_at) VALUES ($1, 'lifetime', NULL, now())
     ON CONFLICT (user_id) DO NOTHING`,
    [signup.user.id],
  );
  const { body } = await api(
    base,
    'POST',
    '/api/runner-profile',
    {
      urlSlug: `bench-team-${Date.now().toString(36)}-${i}`,
      name: `Runner ${i}`,
      marathonName: 'Chicago Marathon',
      marathonDate: '2099-10-10',
      goalHours: 4,
      goalMinutes: 0,
      description: 'Running for the team.',
      donationPlatform: 'other',
      charityLink: 'https://charity.example.org/donate',
      fundraisingGoal: 1000,
      fundsRaised: 10,
      totalDonors: 1,
    },
    cookie,
  );
  return { cookie, userId: signup.user.id, profile: body.profile };
}

export async function runTeamsBench({ members = int('BENCH_TEAM_MEMBERS', 5000) } = {}) {
  const run = createTestRun('benchteams');
  await run.setUp();
  let stack;
  let direct;
  const db = new pg.Pool({ connectionString: run.env.DATABASE_URL, max: 4 });
  try {
    stack = await startBenchStack(run, {
      RATE_LIMIT_TEAM_READS_PER_IP: '100000000',
      RATE_LIMIT_TEAM_JOINS_PER_IP: '100000',
      RATE_LIMIT_SIGNUP_PER_IP: '100000',
    });
    const base = stack.url;
    const realCount = 50;
    const runners = [];
    for (let i = 0; i < realCount; i++) runners.push(await realRunner(base, db, i));
    const captain = runners[0];
    const { body: created } = await api(
      base,
      'POST',
      '/api/teams',
      {
        slug: `bench-team-${Date.now().toString(36)}`,
        name: 'Bench Team',
        charityName: 'Bench Charity',
        marathonName: 'Chicago Marathon',
        marathonDate: '2099-10-10',
        currency: 'USD',
        goalAmount: 1_000_000,
        joinRule: 'open',
        captainProfileId: captain.profile.id,
      },
      captain.cookie,
    );
    const team = created.team;
    for (const runner of runners.slice(1))
      await api(base, 'POST', `/api/teams/${team.id}/members`, { runnerProfileId: runner.profile.id }, runner.cookie);

    // The rest in SQL, in community's tables: its copy of the pages, their owners' access, the
    // memberships and the team's standing to match.
    const seeded = members - realCount;
    await db.query(
      `WITH pages AS (
         INSERT INTO community.pages (profile_id, user_id, url_slug, name, card_changed_at, funds_raised,
           fundraising_goal, total_donors, currency, totals_version)
         SELECT gen_random_uuid(), gen_random_uuid(), 'bench-member-' || i, 'Member ' || i, now(),
           (i % 997)::numeric, 1000, i % 13, 'USD', 0
         FROM generate_series(1, $1::int) AS i
         RETURNING profile_id AS id, user_id, funds_raised, total_donors),
       access AS (
         INSERT INTO community.owner_access (user_id, status, current_period_end, changed_at)
         SELECT user_id, 'lifetime', NULL, now() FROM pages)
       INSERT INTO community.standing_members (group_kind, profile_id, group_id, user_id, status, joined_at, published,
         raised, donors, currency, totals_version, meters, distance_version)
       SELECT 'team', id, $2, user_id, 'member', now(), true, funds_raised, total_donors, 'USD', 0,
         (random() * 400000)::int, 0
       FROM pages`,
      [seeded, team.id],
    );
    await db.query(
      `UPDATE community.standings t SET raised = s.raised, donors = s.donors, meters = s.meters, member_count = s.n
         FROM (SELECT sum(raised) AS raised, sum(donors) AS donors, sum(meters) AS meters, count(*) AS n
                 FROM community.standing_members
                WHERE group_kind = 'team' AND group_id = $1 AND status = 'member' AND published) s
        WHERE t.group_kind = 'team' AND t.group_id = $1`,
      [team.id],
    );
    await db.query('ANALYZE community.standing_members; ANALYZE community.pages');
    direct = startHelper(fileURLToPath(import.meta.url), 'direct-server', run.env);
    const directUrl = await direct.url;

    const duration = int('BENCH_DURATION', 10);
    const gateway = await measure(`${base}/api/teams/${team.slug}`, duration);
    const baseline = await measure(`${directUrl}/direct/teams/${team.slug}`, duration);
    const rows = [
      summary(`gateway /api/teams/:slug (${members} members; NATS + community + PostgreSQL)`, gateway),
      summary('direct team read (Fastify + pg, own process)', baseline),
    ];
    console.table(rows);

    // Member total changes: each real runner edits once a second, spread over the second (50 a
    // second). An edit is on the member's page when its PUT answers; it reached the team when the
    // member's snapshot (moved with the team total, in one transaction) shows it or a later edit.
    const seconds = int('BENCH_TEAM_CHANGE_SECONDS', 10);
    const edits = new Map(runners.map((r) => [r.profile.id, []])); // profileId → [{ raised, answeredAt, reachedAt }]
    let polling = true;
    const open = () => [...edits.entries()].filter(([, list]) => list.some((e) => !e.reachedAt));
    const poller = (async () => {
      while (polling) {
        const waiting = open();
        if (waiting.length > 0) {
          const { rows: snapshots } = await db.query(
            `SELECT profile_id AS id, raised FROM community.standing_members
              WHERE group_kind = 'team' AND profile_id = ANY($1)`,
            [waiting.map(([id]) => id)],
          );
          const now = Date.now();
          for (const row of snapshots) {
            const list = edits.get(row.id);
            const at = list.findIndex((e) => e.raised === Number(row.raised));
            for (let k = 0; k <= at; k++) list[k].reachedAt ||= now;
          }
        }
        await sleep(20);
      }
    })();
    let sent = 0;
    const started = Date.now();
    const pending = [];
    for (let s = 0; s < seconds; s++) {
      for (let i = 0; i < runners.length; i++) {
        const wait = started + s * 1000 + (i * 1000) / runners.length - Date.now();
        if (wait > 0) await sleep(wait);
        const runner = runners[i];
        const entry = { raised: Math.round((100 + s * 10 + i / 100) * 100) / 100, answeredAt: 0, reachedAt: 0 };
        edits.get(runner.profile.id).push(entry);
        sent += 1;
        pending.push(
          api(
            base,
            'PUT',
            `/api/runner-profile/${runner.profile.id}`,
            { fundsRaised: entry.raised },
            runner.cookie,
          ).then(() => {
            entry.answeredAt = Date.now();
          }),
        );
      }
    }
    const rate = sent / ((Date.now() - started) / 1000);
    await Promise.all(pending);
    const deadline = Date.now() + 60_000;
    while (open().length > 0 && Date.now() < deadline) await sleep(50);
    polling = false;
    await poller;
    const all = [...edits.values()].flat();
    const lost = all.filter((e) => !e.reachedAt).length;
    const lags = all
      .filter((e) => e.reachedAt)
      .map((e) => Math.max(0, e.reachedAt - e.answeredAt))
      .sort((a, b) => a - b);
    const { rows: check } = await db.query(
      `SELECT t.raised AS kept, (SELECT sum(p.funds_raised) FROM community.standing_members m
          JOIN community.pages p ON p.profile_id = m.profile_id
         WHERE m.group_kind = 'team' AND m.group_id = t.group_id AND m.status = 'member' AND m.published) AS summed
         FROM community.standings t WHERE t.group_kind = 'team' AND t.group_id = $1`,
      [team.id],
    );
    const ratio = gateway.requests.average / baseline.requests.average;
    const invalid = rows.some((r) => r.non2xx > 0 || r.errors > 0);
    console.log(
      `team page (${members} members), gateway / direct throughput: ${ratio.toFixed(2)} (aim ≥ 2: a visitor's read is kept a second at the gateway); ` +
        `gateway p99 ${gateway.latency.p99} ms (aim ≤ 50 ms)${invalid ? ' NOT VALID: non-2xx answers or errors' : ''}\n` +
        `member total changes: ${sent} sent at ${rate.toFixed(1)}/s; lag until the team total has each: ` +
        `p50 ${lags[Math.floor(lags.length / 2)] ?? '-'} ms, p99 ${lags[Math.floor(lags.length * 0.99)] ?? '-'} ms, ` +
        `max ${lags.at(-1) ?? '-'} ms (aim ≤ 5000 ms)${lost > 0 ? `; ${lost} NEVER ARRIVED` : ''}\n` +
        `team total kept ${check[0].kept}, members' amounts summed ${check[0].summed}: ` +
        `${Number(check[0].kept) === Number(check[0].summed) ? 'equal' : 'DIFFERENT'}; ` +
        `load average ${loadavg()[0].toFixed(1)}`,
    );
  } finally {
    await direct?.stop();
    await stack?.stop();
    await db.end();
    await run.tearDown();
  }
}

if (process.argv[2] === 'direct-server') await serveDirect(process.env.DATABASE_URL);
else if (import.meta.url === `file://${process.argv[1]}`) await runTeamsBench();
