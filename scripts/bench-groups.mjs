// Groups bench (`npm run bench`, BENCH_GROUPS=0 skips it): charities and events at size, seeded in SQL
// into community's tables (its copy of the pages, the owners' access, the runners' distances, the
// memberships and the standings, as its own writes leave them), each case against a one-process
// direct read of the same queries (Fastify + pg, own process) in the same run:
//   1. a charity of 20,000 runners (BENCH_CHARITY_RUNNERS) across 300 teams and 40 events: its public
//      page `GET /api/charities/{slug}` at 50 connections (aim p99 ≤ 50 ms);
//   2. its console's first page `GET /api/charities/{id}/runners?event=&flag=` as a member of its staff
//      (a real session: signed up through the API) at 10 connections (aim p99 ≤ 150 ms);
//   3. `GET /api/charities/{id}/runners.csv`, every runner: wall time (aim ≤ 3 s), streamed (its first
//      byte well before its last) and one line per runner and the header;
//   4. an event of 50,000 runners (BENCH_EVENT_RUNNERS), in 1,000 teams and naming 200 charities:
//      `GET /api/events/{slug}` at 50 connections (aim p99 ≤ 50 ms; the gateway keeps it
//      EVENT_VIEW_CACHE_TTL_MS), its uncached direct baseline at 10 (at 50 none answers in 10 s);
//   5. autocomplete over 10,000 events (BENCH_DIRECTORY_EVENTS): `GET /api/events?query=<prefix>`, each
//      request the next of about 1,200 prefixes typed into the marathon field, at 50 connections (aim
//      p99 ≤ 30 ms), and at 10 for comparison.
// BENCH_CSV_TURNS (3) sets how many times the CSV is read each way.
// Each case also reports the CPU milliseconds per request of the gateway, community and their
// PostgreSQL backends (from /proc; a query's short-lived parallel workers are not counted), and the
// run ends with EXPLAIN ANALYZE of the cases' queries.
// Slugs carry a fresh random prefix; the run's database, stream and keys go at the end.
import './lib/node-runtime.mjs';
import { CHARITY_RUNNERS_CSV_HEADER, charityRunnerCsvCells } from '@runpledge/contracts';
import { toCsv } from '@runpledge/server-kit/csv';
import Fastify from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { api, browserCookieOf } from './lib/runner-page-seed.mjs';
import { createTestRun } from './lib/test-run.mjs';
import { BENCH_CONNECTIONS, load, startBenchStack, startHelper, summary } from './lib/bench-kit.mjs';

const int = (name, fallback) => Number(process.env[name] ?? fallback);
const METERS_PER_MILE = 1609.344;
const toMiles = (meters) => Math.round((meters / METERS_PER_MILE) * 100) / 100;
const percentOf = (raised, goal) => (Number(goal) > 0 ? Math.round((Number(raised) / Number(goal)) * 1000) / 10 : 0);
/** The UTC calendar day `offset` days from now. */
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

// ---- the service's queries, as community's repositories send them ----

const CHARITY_COLUMNS = `id, slug, name, website, registered_number AS "registeredNumber", country, mission,
  verified_at AS "verifiedAt", verified_email AS "verifiedEmail", created_at AS "createdAt", updated_at AS "updatedAt"`;
const EVENT_COLUMNS = `id, slug, name, name_key AS "nameKey", search_text AS "searchText", city, country,
  to_char(date, 'YYYY-MM-DD') AS date, time_zone AS "timeZone", verified, merged_into AS "mergedInto",
  version::float8 AS version, created_at AS "createdAt", updated_at AS "updatedAt"`;

const SQL = {
  charityBySlug: `SELECT ${CHARITY_COLUMNS} FROM community.charities WHERE slug = $1`,
  standings: `SELECT group_kind AS "groupKind", group_id AS "groupId", currency, raised::text AS raised, donors,
      meters, member_count AS "memberCount"
      FROM community.standings WHERE group_kind = $1 AND group_id = ANY($2::uuid[])`,
  currencySums: `SELECT group_id AS "groupId", currency, raised::text AS raised, donors, member_count AS "memberCount"
      FROM community.standing_currency_sums s
     WHERE s.group_kind = $1 AND s.group_id = ANY($2::uuid[]) AND (s.member_count > 0 OR s.raised <> 0)
     ORDER BY s.raised DESC, s.currency`,
  teamsNamingCharities: `SELECT t.charity_id AS "charityId", count(*)::int AS count
      FROM community.teams t JOIN community.standings s ON s.group_kind = 'team' AND s.group_id = t.id
     WHERE t.charity_id = ANY($1::uuid[]) AND s.member_count > 0
     GROUP BY t.charity_id`,
  charityPublished: `SELECT m.profile_id AS "profileId", p.url_slug AS "urlSlug", p.name, m.raised::text AS raised, m.currency,
        p.marathon_name AS "eventName",
        p.fundraising_goal::text AS goal, m.donors, m.meters, count(*) OVER () AS total
      FROM community.standing_members m JOIN community.pages p ON p.profile_id = m.profile_id
     WHERE m.group_kind = 'charity' AND m.group_id = $1 AND m.status = 'member' AND m.published
       AND p.deleted_at IS NULL AND p.name IS NOT NULL
     ORDER BY m.raised DESC, m.profile_id
     OFFSET $2 LIMIT $3`,
  charityTeams: `SELECT t.slug, t.name, s.raised::text AS raised, s.currency
      FROM community.teams t JOIN community.standings s ON s.group_kind = 'team' AND s.group_id = t.id
     WHERE t.charity_id = $1 AND s.member_count > 0
     ORDER BY s.raised DESC, lower(t.name), t.id
     LIMIT $2`,
  charityEvents: `SELECT e.id, e.slug, p.marathon_name AS name, to_char(p.race_date, 'YYYY-MM-DD') AS date,
           count(*)::int AS "runnerCount"
      FROM community.standing_members m JOIN community.pages p ON p.profile_id = m.profile_id
      LEFT JOIN community.events e ON e.id = p.event_id
     WHERE m.group_kind = 'charity' AND m.group_id = $1 AND m.status = 'member' AND m.published
       AND p.deleted_at IS NULL AND p.marathon_name IS NOT NULL AND p.marathon_name <> ''
     GROUP BY e.id, e.slug, p.marathon_name, p.race_date
     ORDER BY p.race_date NULLS LAST, p.marathon_name
     LIMIT 50`,
  staffRole: `SELECT role FROM community.charity_staff WHERE charity_id = $1 AND user_id = $2`,
  eventBySlug: `SELECT ${EVENT_COLUMNS} FROM community.events WHERE slug = $1`,
};

const FLAG_COLUMN = {
  no_donation_yet: '"noDonationYet"',
  behind_pace: '"behindPace"',
  quiet_30_days: '"quiet30Days"',
  goal_reached: '"goalReached"',
};

/** The console's query (CharityRunnersRepository.console), sorted by name as its first page is; params: charity, event, pattern, offset, limit. */
function consoleSql(flag) {
  return `WITH runner AS (
      SELECT m.profile_id AS "profileId", coalesce(p.name, '') AS name, p.url_slug AS "urlSlug", m.published,
             p.marathon_name AS "eventName", to_char(p.race_date, 'YYYY-MM-DD') AS "raceDate", p.event_id AS "eventId",
             p.platform, p.funds_raised::text AS raised, p.currency, p.fundraising_goal::text AS goal,
             p.total_donors AS donors, p.last_donation_at AS "lastDonationAt", m.meters, d.last_run_at AS "lastRunAt",
             CASE WHEN p.fundraising_goal > 0 THEN p.funds_raised / p.fundraising_goal ELSE 0 END AS percent,
             p.total_donors = 0 AND p.funds_raised = 0 AS "noDonationYet",
             p.fundraising_goal > 0 AND p.funds_raised >= p.fundraising_goal AS "goalReached",
             p.fundraising_goal > 0 AND p.funds_raised < p.fundraising_goal
               AND p.race_date IS NOT NULL AND p.page_created_at IS NOT NULL
               AND p.race_date::timestamptz > p.page_created_at
               AND 100 * p.funds_raised / p.fundraising_goal < 100 * least(1, greatest(0,
                     extract(epoch FROM now() - p.page_created_at)
                     / extract(epoch FROM p.race_date::timestamptz - p.page_created_at))) - 20 AS "behindPace",
             coalesce(greatest(p.last_donation_at, d.last_run_at), p.page_created_at, now())
               < now() - interval '30 days' AS "quiet30Days"
        FROM community.standing_members m
        JOIN community.pages p ON p.profile_id = m.profile_id AND p.deleted_at IS NULL
        LEFT JOIN community.runner_distances d ON d.user_id = m.user_id
       WHERE m.group_kind = 'charity' AND m.group_id = $1 AND m.status = 'member'
    )
    SELECT *, count(*) OVER () AS total FROM runner
     WHERE ${flag ? FLAG_COLUMN[flag] : 'true'} AND ($2::uuid IS NULL OR "eventId" = $2::uuid)
       AND ($3::text = '%%' OR name ILIKE $3::text)
     ORDER BY lower(name) ASC NULLS LAST, "profileId"
     OFFSET $4 LIMIT $5`;
}

/** The event's runners in groups of a kind (EventRunnersRepository's runnersInGroups). */
const inGroups = (kind) => `community.standing_members e
    JOIN community.pages p ON p.profile_id = e.profile_id AND p.deleted_at IS NULL AND p.name IS NOT NULL
    JOIN community.standing_members g ON g.group_kind = '${kind}' AND g.profile_id = e.profile_id AND g.status = 'member'
      AND g.published`;
const IN_EVENT = `e.group_kind = 'event' AND e.status = 'member' AND e.published`;
const RANKED_WHERE = `m.group_kind = 'event' AND m.group_id = $1 AND m.status = 'member' AND m.published
    AND p.deleted_at IS NULL AND p.name IS NOT NULL`;

Object.assign(SQL, {
  eventRanked: `SELECT m.profile_id AS "runnerProfileId", p.url_slug AS "pageSlug", p.name, m.raised::text AS raised,
        m.currency, m.donors, m.meters, p.fundraising_goal::float8 AS goal
      FROM community.standing_members m JOIN community.pages p ON p.profile_id = m.profile_id WHERE ${RANKED_WHERE}
     ORDER BY m.raised DESC, p.name, m.profile_id
     OFFSET $2 LIMIT $3`,
  eventRankedCount: `SELECT count(*)::int AS count
      FROM community.standing_members m JOIN community.pages p ON p.profile_id = m.profile_id WHERE ${RANKED_WHERE}`,
  eventTeams: `SELECT t.slug, t.name, t.currency,
        coalesce(sum(e.raised) FILTER (WHERE e.currency = t.currency), 0)::numeric(14, 2)::text AS raised,
        sum(e.donors)::int AS donors, count(*)::int AS "runnerCount"
      FROM ${inGroups('team')} JOIN community.teams t ON t.id = g.group_id
     WHERE ${IN_EVENT} AND e.group_id = $1
     GROUP BY t.id
     ORDER BY coalesce(sum(e.raised) FILTER (WHERE e.currency = t.currency), 0) DESC, count(*) DESC,
              lower(t.name), t.id
     LIMIT $2`,
  eventCharities: `WITH runner AS (
        SELECT g.group_id AS charity_id, e.currency, e.raised, e.donors
          FROM ${inGroups('charity')} WHERE ${IN_EVENT} AND e.group_id = $1
      ), top AS (
        SELECT c.id, c.slug, c.name, count(*)::int AS runner_count
          FROM runner r JOIN community.charities c ON c.id = r.charity_id
         GROUP BY c.id
         ORDER BY runner_count DESC, lower(c.name), c.id
         LIMIT $2
      )
      SELECT top.id, top.slug, top.name, top.runner_count AS "runnerCount", r.currency,
             sum(r.raised)::numeric(14, 2)::text AS raised, sum(r.donors)::int AS donors
        FROM top JOIN runner r ON r.charity_id = top.id
       GROUP BY top.id, top.slug, top.name, top.runner_count, r.currency
       ORDER BY top.runner_count DESC, lower(top.name), top.id, sum(r.raised) DESC, r.currency`,
  eventTeamCounts: `SELECT e.group_id AS "eventId", count(DISTINCT g.group_id)::int AS count
      FROM ${inGroups('team')} WHERE ${IN_EVENT} AND e.group_id = ANY($1::uuid[])
     GROUP BY e.group_id`,
});

/** EventsRepository.search: live events from `from` whose search text has every word, soonest first. */
function searchSql(words) {
  const where = [`merged_into IS NULL`, `date >= $1`, ...words.map((_, i) => `search_text LIKE $${i + 2}`)].join(
    ' AND ',
  );
  const n = words.length + 1;
  return {
    rows: `SELECT ${EVENT_COLUMNS} FROM community.events WHERE ${where} ORDER BY date, name, id OFFSET $${n + 1} LIMIT $${n + 2}`,
    count: `SELECT count(*)::int AS count FROM community.events WHERE ${where}`,
  };
}

// ---- the direct baseline ----

const flagsOf = (r) => [
  ...(r.noDonationYet ? ['no_donation_yet'] : []),
  ...(r.behindPace ? ['behind_pace'] : []),
  ...(r.quiet30Days ? ['quiet_30_days'] : []),
  ...(r.goalReached ? ['goal_reached'] : []),
];
const iso = (at) => (at ? new Date(at).toISOString() : null);

/** The one-process baseline: the same queries as community's, shaped as the API's JSON (and CSV). */
async function serveDirect(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, application_name: 'bench-direct' });
  const q = async (text, params) => (await pool.query(text, params)).rows;
  const app = Fastify();
  app.get('/direct/pid', async () => ({ pid: process.pid }));

  const sumsOf = async (kind, ids) => {
    const [standing] = await q(SQL.standings, [kind, ids]);
    const sums = await q(SQL.currencySums, [kind, ids]);
    return { standing, totals: sums.map((t) => ({ currency: t.currency, raised: t.raised, donors: t.donors })) };
  };

  app.get('/direct/charities/:slug', async (request, reply) => {
    const [row] = await q(SQL.charityBySlug, [request.params.slug]);
    if (!row) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Charity not found' });
    const { standing, totals } = await sumsOf('charity', [row.id]);
    const [teamCount] = await q(SQL.teamsNamingCharities, [[row.id]]);
    const runners = await q(SQL.charityPublished, [row.id, 0, 50]);
    const teams = await q(SQL.charityTeams, [row.id, 50]);
    const events = await q(SQL.charityEvents, [row.id]);
    return {
      charity: {
        id: row.id,
        slug: row.slug,
        name: row.name,
        website: row.website,
        registeredNumber: row.registeredNumber,
        country: row.country,
        mission: row.mission,
        verified: row.verifiedAt !== null,
        totals,
        runnerCount: standing?.memberCount ?? 0,
        teamCount: teamCount?.count ?? 0,
        miles: toMiles(standing?.meters ?? 0),
        isStaff: false,
      },
      runners: runners.map((r) => ({
        runnerProfileId: r.profileId,
        pageSlug: r.urlSlug,
        name: r.name,
        raised: r.raised,
        currency: r.currency,
        goal: r.goal,
        percentOfGoal: percentOf(r.raised, r.goal),
        donors: r.donors,
        miles: toMiles(r.meters),
        eventName: r.eventName,
      })),
      teams,
      events,
      page: 1,
      totalPages: Math.max(1, Math.ceil(Number(runners[0]?.total ?? 0) / 50)),
    };
  });

  // The caller's id comes in the query (`as`): the baseline checks the role, not a session.
  const consolePage = async (charityId, userId, query, page, size) => {
    const [role] = await q(SQL.staffRole, [charityId, userId]);
    if (!role) return null;
    const rows = await q(consoleSql(query.flag), [charityId, query.event ?? null, '%%', (page - 1) * size, size]);
    return {
      runners: rows.map((r) => ({
        runnerProfileId: r.profileId,
        name: r.name,
        pageSlug: r.urlSlug,
        published: r.published,
        eventName: r.eventName,
        raceDate: r.raceDate,
        platform: r.platform,
        raised: r.raised,
        currency: r.currency,
        goal: r.goal,
        percentOfGoal: percentOf(r.raised, r.goal),
        donors: r.donors,
        lastDonationAt: iso(r.lastDonationAt),
        miles: toMiles(r.meters),
        lastRunAt: iso(r.lastRunAt),
        flags: flagsOf(r),
      })),
      page,
      totalPages: Math.max(1, Math.ceil(Number(rows[0]?.total ?? 0) / size)),
    };
  };
  app.get('/direct/charities/:id/runners', async (request, reply) => {
    const found = await consolePage(request.params.id, request.query.as, request.query, 1, 50);
    return found ?? reply.status(403).send({ statusCode: 403, error: 'Forbidden' });
  });
  app.get('/direct/charities/:id/runners.csv', async (request, reply) => {
    const read = (page) => consolePage(request.params.id, request.query.as, request.query, page, 1000);
    const first = await read(1);
    if (!first) return reply.status(403).send({ statusCode: 403, error: 'Forbidden' });
    const header = [...CHARITY_RUNNERS_CSV_HEADER];
    const csv = (rows, withHeader) => {
      const text = toCsv(header, rows.map(charityRunnerCsvCells));
      return withHeader ? text : text.slice(toCsv(header, []).length);
    };
    async function* lines() {
      yield csv(first.runners, true);
      for (let page = 2; page <= first.totalPages; page++) yield csv((await read(page)).runners, false);
    }
    return reply.type('text/csv; charset=utf-8').send(Readable.from(lines()));
  });

  const eventsAsApi = async (events) => {
    const ids = events.map((e) => e.id);
    const [standings, sums, teamCounts] = await Promise.all([
      q(SQL.standings, ['event', ids]),
      q(SQL.currencySums, ['event', ids]),
      q(SQL.eventTeamCounts, [ids]),
    ]);
    return events.map((event) => {
      const standing = standings.find((s) => s.groupId === event.id);
      return {
        id: event.id,
        slug: event.slug,
        name: event.name,
        city: event.city,
        country: event.country,
        date: event.date,
        timeZone: event.timeZone,
        totals: sums
          .filter((s) => s.groupId === event.id)
          .map(({ currency, raised, donors }) => ({ currency, raised, donors })),
        runnerCount: standing?.memberCount ?? 0,
        teamCount: teamCounts.find((t) => t.eventId === event.id)?.count ?? 0,
        miles: toMiles(standing?.meters ?? 0),
        verified: event.verified,
      };
    });
  };
  app.get('/direct/events/:slug', async (request, reply) => {
    const [event] = await q(SQL.eventBySlug, [request.params.slug]);
    if (!event) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Event not found' });
    const [rows, counted] = await Promise.all([
      q(SQL.eventRanked, [event.id, 0, 50]),
      q(SQL.eventRankedCount, [event.id]),
    ]);
    const [answer] = await eventsAsApi([event]);
    const teams = await q(SQL.eventTeams, [event.id, 50]);
    const charityRows = await q(SQL.eventCharities, [event.id, 50]);
    const charities = new Map();
    for (const { id, slug, name, runnerCount, currency, raised, donors } of charityRows) {
      const charity = charities.get(id) ?? { slug, name, totals: [], runnerCount };
      charity.totals.push({ currency, raised, donors });
      charities.set(id, charity);
    }
    return {
      event: answer,
      runners: rows.map(({ meters, goal, ...runner }) => ({
        ...runner,
        miles: toMiles(Number(meters)),
        percentOfGoal: goal > 0 ? Math.round((Number(runner.raised) / goal) * 1000) / 10 : 0,
      })),
      teams,
      charities: [...charities.values()],
      page: 1,
      totalPages: Math.max(1, Math.ceil((counted[0]?.count ?? 0) / 50)),
    };
  });
  app.get('/direct/events', async (request) => {
    const words = eventWords(request.query.query ?? '');
    const { rows, count } = searchSql(words);
    const params = [request.query.from, ...words.map((w) => `%${w}%`)];
    const [events, counted] = await Promise.all([q(rows, [...params, 0, 20]), q(count, params)]);
    return { events: await eventsAsApi(events), page: 1, totalPages: Math.max(1, Math.ceil(counted[0].count / 20)) };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`direct server listening on ${url}`);
  process.on('SIGTERM', () => void app.close().then(() => pool.end()));
}

/** eventNameWords for the ASCII prefixes this bench types. */
const eventWords = (text) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0 && w !== 'marathon' && !/^(19|20)\d\d$/.test(w));

// ---- seeding ----

const CITIES = (
  'London,Berlin,Boston,Chicago,New York,Tokyo,Paris,Rome,Madrid,Valencia,Amsterdam,Rotterdam,Frankfurt,Hamburg,' +
  'Vienna,Prague,Dublin,Edinburgh,Manchester,Brighton,Lisbon,Seville,Athens,Toronto,Vancouver,Sydney,Melbourne,' +
  'Honolulu,Houston,Denver,Seattle'
).split(',');
const SPONSORS = 'City,Spring,Autumn,Harbour,Riverside,Night,Heritage,Coastal,Royal,Summit,Grand'.split(',');

/** Events as findOrMakeEvent makes them (name key, search text, an empty per-currency standing). */
async function insertEvents(db, events) {
  await db.query(
    `WITH made AS (
       INSERT INTO community.events (id, slug, name, name_key, search_text, city, country, date, time_zone, verified)
       SELECT id, slug, name, key, key, NULL, NULL, date, 'UTC', true
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::date[]) AS t(id, slug, name, key, date)
       RETURNING id)
     INSERT INTO community.standings (group_kind, group_id, currency, raised, donors, meters, member_count)
     SELECT 'event', id, '*', 0, 0, 0, 0 FROM made`,
    [
      events.map((e) => e.id),
      events.map((e) => e.slug),
      events.map((e) => e.name),
      events.map((e) => eventWords(e.name).join(' ')),
      events.map((e) => e.date),
    ],
  );
}

/** The events directory: `count` live events over the next two years, named `<City> <Word> Marathon`. */
async function insertDirectory(db, prefix, count) {
  // 31 × 11 names and 730 days are coprime: no two events share a name and a day.
  await db.query(
    `WITH made AS (
       INSERT INTO community.events (id, slug, name, name_key, search_text, city, country, date, time_zone, verified)
       SELECT gen_random_uuid(), $4::text || '-' || lower(replace(c, ' ', '-')) || '-' || lower(s) || '-' || i,
              c || ' ' || s || ' Marathon', lower(c || ' ' || s), lower(c || ' ' || s || ' ' || c), c, 'Bench',
              current_date + 1 + i % 730, 'UTC', i % 3 = 0
         FROM generate_series(1, $1::int) AS i,
              LATERAL (SELECT ($2::text[])[1 + i % 31] AS c, ($3::text[])[1 + i % 11] AS s) AS n
       RETURNING id)
     INSERT INTO community.standings (group_kind, group_id, currency, raised, donors, meters, member_count)
     SELECT 'event', id, '*', 0, 0, 0, 0 FROM made`,
    [count, CITIES, SPONSORS, prefix],
  );
}

/** Listed charities, verified, each with its empty per-currency standing. */
async function insertCharities(db, prefix, ids) {
  await db.query(
    `WITH made AS (
       INSERT INTO community.charities (id, slug, name, website, registered_number, country, mission, verified_at, verified_email)
       SELECT id, $2::text || '-charity-' || n, 'Bench Charity ' || n, 'https://charity' || n || '.example.org', '11' || n, 'GB',
              'Helping people run for a cause.', now(), 'office@charity' || n || '.example.org'
         FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)
       RETURNING id)
     INSERT INTO community.standings (group_kind, group_id, currency, raised, donors, meters, member_count)
     SELECT 'charity', id, '*', 0, 0, 0, 0 FROM made`,
    [ids, prefix],
  );
}

/** Teams naming a charity and running an event (as POST /api/teams makes them); captains are set once members exist. */
async function insertTeams(db, prefix, teams) {
  await db.query(
    `WITH made AS (
       INSERT INTO community.teams (id, slug, name, story, charity_name, charity_id, marathon_name, marathon_date, currency,
         goal_amount, join_rule, captain_profile_id, invite_code)
       SELECT t.id, $4::text || '-team-' || t.n, 'Bench Team ' || t.n, 'Running together.', c.name, c.id, e.name, e.date, 'USD',
              50000, 'open', gen_random_uuid(), substr(md5(random()::text), 1, 12)
         FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) WITH ORDINALITY AS t(id, charity_id, event_id, n)
         JOIN community.charities c ON c.id = t.charity_id JOIN community.events e ON e.id = t.event_id
       RETURNING id)
     INSERT INTO community.standings (group_kind, group_id, currency, raised, donors, meters, member_count)
     SELECT 'team', id, 'USD', 0, 0, 0, 0 FROM made`,
    [teams.map((t) => t.id), teams.map((t) => t.charityId), teams.map((t) => t.eventId), prefix],
  );
}

/**
 * `count` runners' pages as community's copy holds them (the card: race, platform, charity, event,
 * creation; the totals; last donation), their owners' access (one in ten lapsed: unpublished), their
 * distances, and their memberships of the team, charity and event their page names, each a snapshot
 * of the page. `teamOf`, `charityOf` and `eventOf` are SQL of `i` giving a 1-based index into the
 * team, charity and event ids (NULL: none).
 */
async function insertRunners(pool, { slugPrefix, count, teamIds, charityIds, eventIds, teamOf, charityOf, eventOf }) {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    await db.query(
      `CREATE TEMP TABLE seed (i int, profile_id uuid, user_id uuid, team_id uuid, charity_id uuid, event_id uuid,
         currency text, raised numeric(12, 2), donors int, goal numeric(12, 2), meters float8, published boolean)
         ON COMMIT DROP`,
    );
    await db.query(
      `INSERT INTO seed
       SELECT i, gen_random_uuid() AS profile_id, gen_random_uuid() AS user_id,
              ($2::uuid[])[${teamOf}] AS team_id, ($3::uuid[])[${charityOf}] AS charity_id, ($4::uuid[])[${eventOf}] AS event_id,
              CASE WHEN i % 5 = 0 THEN 'GBP' ELSE 'USD' END AS currency,
              (CASE WHEN i % 11 = 0 THEN 0 ELSE (i * 37) % 1500 END)::numeric(12, 2) AS raised,
              CASE WHEN i % 11 = 0 THEN 0 ELSE 1 + i % 23 END AS donors,
              (500 + (i % 4) * 250)::numeric(12, 2) AS goal,
              ((i::bigint * 7919) % 400000)::float8 AS meters,
              i % 10 <> 0 AS published
         FROM generate_series(1, $1::int) AS i`,
      [count, teamIds, charityIds, eventIds],
    );
    await db.query(
      `INSERT INTO community.pages (profile_id, user_id, url_slug, name, card_changed_at, funds_raised, fundraising_goal,
         total_donors, currency, totals_version, marathon_name, race_date, platform, charity_id, event_id,
         page_created_at, last_donation_at)
       SELECT s.profile_id, s.user_id, $1::text || '-' || s.i, 'Runner ' || s.i, now(), s.raised, s.goal, s.donors, s.currency, 1,
              e.name, e.date, (ARRAY['donordrive', 'justgiving', 'haku', 'other'])[1 + s.i % 4], s.charity_id, s.event_id,
              now() - (s.i % 180) * interval '1 day',
              CASE WHEN s.donors > 0 THEN now() - (s.i % 60) * interval '1 day' END
         FROM seed s LEFT JOIN community.events e ON e.id = s.event_id`,
      [slugPrefix],
    );
    await db.query(
      `INSERT INTO community.owner_access (user_id, status, current_period_end, changed_at)
       SELECT user_id, CASE WHEN published THEN 'lifetime' ELSE 'canceled' END, NULL, now() FROM seed`,
    );
    await db.query(
      `INSERT INTO community.runner_distances (user_id, total_meters, version, last_run_at)
       SELECT user_id, meters, 1, now() - (i % 45) * interval '1 day' FROM seed`,
    );
    await db.query(
      `INSERT INTO community.standing_members (group_kind, profile_id, group_id, user_id, status, joined_at, published,
         raised, donors, currency, totals_version, meters, distance_version)
       SELECT g.kind, s.profile_id, g.id, s.user_id, 'member', now(), s.published, s.raised, s.donors, s.currency, 1, s.meters, 1
         FROM seed s
         CROSS JOIN LATERAL (VALUES ('team', s.team_id), ('charity', s.charity_id), ('event', s.event_id)) AS g(kind, id)
        WHERE g.id IS NOT NULL`,
    );
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  } finally {
    db.release();
  }
}

/**
 * Every standing as its members' snapshots add up (what the service's moves leave): counted members
 * only; a team's raised in its currency, a charity's and an event's per currency (their standing's
 * raised stays 0); each team's captain its first member.
 */
async function settleStandings(db) {
  await db.query(
    `UPDATE community.standings t SET raised = coalesce(s.raised, 0), donors = coalesce(s.donors, 0),
            meters = coalesce(s.meters, 0), member_count = coalesce(s.n, 0)
       FROM (SELECT g.group_kind, g.group_id, sum(m.raised) FILTER (WHERE m.currency = g.currency) AS raised,
                    sum(m.donors) AS donors, sum(m.meters) AS meters, count(m.profile_id) AS n
               FROM community.standings g
               LEFT JOIN community.standing_members m ON m.group_kind = g.group_kind AND m.group_id = g.group_id
                AND m.status = 'member' AND m.published
              GROUP BY g.group_kind, g.group_id) s
      WHERE t.group_kind = s.group_kind AND t.group_id = s.group_id`,
  );
  await db.query(
    `INSERT INTO community.standing_currency_sums (group_kind, group_id, currency, raised, donors, member_count)
     SELECT m.group_kind, m.group_id, m.currency, sum(m.raised), sum(m.donors), count(*)
       FROM community.standing_members m JOIN community.standings g ON g.group_kind = m.group_kind AND g.group_id = m.group_id
      WHERE g.currency = '*' AND m.status = 'member' AND m.published
      GROUP BY m.group_kind, m.group_id, m.currency`,
  );
  await db.query(
    `UPDATE community.teams t SET captain_profile_id = c.profile_id
       FROM (SELECT DISTINCT ON (group_id) group_id, profile_id FROM community.standing_members
              WHERE group_kind = 'team' ORDER BY group_id, profile_id) c
      WHERE c.group_id = t.id`,
  );
  await db.query('ANALYZE community.pages; ANALYZE community.standing_members; ANALYZE community.standings');
  await db.query('ANALYZE community.events; ANALYZE community.teams; ANALYZE community.runner_distances');
  await db.query('ANALYZE community.standing_currency_sums; ANALYZE community.charities');
}

/**
 * The charity (`${prefix}-charity-1`) with its runners, teams and races, the big event with its
 * runners, teams and their charities, and the directory's events; every standing settled.
 */
export async function seedGroups(
  db,
  { prefix, charityRunners, charityTeams, charityEvents, eventRunners, directoryEvents },
) {
  const charityId = randomUUID();
  const otherCharities = Array.from({ length: 200 }, () => randomUUID());
  await insertCharities(db, prefix, [charityId, ...otherCharities]);
  const races = Array.from({ length: charityEvents }, (_, k) => ({
    id: randomUUID(),
    slug: `${prefix}-charity-race-${k + 1}-${day(30 + k).slice(0, 4)}`,
    name: `Bench Charity Race ${k + 1}`,
    date: day(30 + k),
  }));
  const bigEvent = {
    id: randomUUID(),
    slug: `${prefix}-big-city-marathon-${day(60).slice(0, 4)}`,
    name: 'Bench Big City Marathon',
    date: day(60),
  };
  await insertEvents(db, [...races, bigEvent]);
  await insertDirectory(db, prefix, directoryEvents);
  const teams = Array.from({ length: charityTeams }, (_, t) => ({
    id: randomUUID(),
    charityId,
    eventId: races[t % charityEvents].id,
  }));
  const bigTeams = Array.from({ length: 1000 }, (_, t) => ({
    id: randomUUID(),
    charityId: otherCharities[t % otherCharities.length],
    eventId: bigEvent.id,
  }));
  await insertTeams(db, prefix, [...teams, ...bigTeams]);
  // The charity's runners: runner i in team i % 300, which runs race (i % 300) % 40.
  await insertRunners(db, {
    slugPrefix: `${prefix}-c`,
    count: charityRunners,
    teamIds: teams.map((t) => t.id),
    charityIds: [charityId],
    eventIds: races.map((r) => r.id),
    teamOf: `1 + (i - 1) % ${charityTeams}`,
    charityOf: '1',
    eventOf: `1 + ((i - 1) % ${charityTeams}) % ${charityEvents}`,
  });
  // The event's runners: three in five in a team (and its charity), one in five naming a charity alone.
  await insertRunners(db, {
    slugPrefix: `${prefix}-e`,
    count: eventRunners,
    teamIds: bigTeams.map((t) => t.id),
    charityIds: otherCharities,
    eventIds: [bigEvent.id],
    teamOf: `CASE WHEN i % 5 < 3 THEN 1 + (i - 1) % 1000 END`,
    charityOf: `CASE WHEN i % 5 < 3 THEN 1 + ((i - 1) % 1000) % 200 WHEN i % 5 = 3 THEN 1 + i % 200 END`,
    eventOf: '1',
  });
  await settleStandings(db);
  return { charityId, charitySlug: `${prefix}-charity-1`, races, bigEvent };
}

/** ~1,200 things typed into the marathon field: each city's and word's first 3-6 letters, and a city then a word's first 2-4. */
function typedPrefixes() {
  const prefixes = new Set();
  const starts = (word, from, to) => {
    for (let n = from; n <= Math.min(to, word.length); n++) prefixes.add(word.slice(0, n));
  };
  for (const word of [...CITIES, ...SPONSORS].map((w) => w.toLowerCase())) starts(word, 3, 6);
  for (const city of CITIES.map((c) => c.toLowerCase()))
    for (const word of SPONSORS.map((w) => w.toLowerCase()))
      for (let n = 2; n <= 4; n++) prefixes.add(`${city} ${word.slice(0, n)}`);
  // A fixed shuffle, so neighbouring requests are not the same word growing.
  return [...prefixes].sort((a, b) => hash(a) - hash(b));
}
const hash = (text) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

// ---- measuring ----

/** CPU ms (user + system) a process has used (/proc/<pid>/stat, 10 ms ticks); NaN when it is not visible. */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * One case, once the last one's queued work is done: a warm-up (BENCH_WARMUP s), then the measured run, with the CPU ms per request of each of
 * `watched()`'s processes (name → pids, taken after the warm-up, when the pools are open).
 */
async function measureCase(url, { duration, connections = BENCH_CONNECTIONS, headers = {}, requests, watched, db }) {
  await settle(db);
  const warmup = Number(process.env.BENCH_WARMUP ?? 2);
  if (warmup > 0) await load(url, { duration: warmup, connections, headers, requests });
  const processes = await watched();
  const before = Object.fromEntries(Object.entries(processes).map(([name, pids]) => [name, pids.map(cpuMsOf)]));
  const startLoad = loadavg()[0];
  const result = await load(url, { duration, connections, headers, requests });
  const total = result.requests.total || 1;
  result.cpu = Object.fromEntries(
    Object.entries(processes).map(([name, pids]) => [
      name,
      pids.reduce((sum, pid, i) => sum + (cpuMsOf(pid) - before[name][i] || 0), 0) / total,
    ]),
  );
  result.load = `${startLoad.toFixed(1)} → ${loadavg()[0].toFixed(1)}`;
  return result;
}

/**
 * Until neither community nor the direct server has had a query running for a moment: what a case's
 * abandoned requests left queued (a slow read at 50 connections leaves many) must not weigh on the next.
 */
async function settle(db) {
  const deadline = Date.now() + 120_000;
  for (let quiet = 0; quiet < 5 && Date.now() < deadline;) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND application_name IN ('community', 'bench-direct')`,
    );
    quiet = rows[0].n === 0 ? quiet + 1 : 0;
    await sleep(200);
  }
}

/** The whole CSV, timed: first byte, last byte, lines. */
async function timeCsv(url, headers) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  let firstByteMs = null;
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    firstByteMs ??= performance.now() - started;
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { firstByteMs, wallMs: performance.now() - started, lines, bytes, type: res.headers.get('content-type') };
}

/** EXPLAIN ANALYZE's execution time (ms) and the plan's top node. */
async function explain(db, text, params) {
  const { rows } = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
  const [plan] = rows[0]['QUERY PLAN'];
  return { 'execution ms': Math.round(plan['Execution Time'] * 10) / 10, 'top node': plan.Plan['Node Type'] };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const verdict = (ok) => (ok ? 'PASS' : 'FAIL');

export async function runGroupsBench({
  charityRunners = int('BENCH_CHARITY_RUNNERS', 20_000),
  charityTeams = 300,
  charityEvents = 40,
  eventRunners = int('BENCH_EVENT_RUNNERS', 50_000),
  directoryEvents = int('BENCH_DIRECTORY_EVENTS', 10_000),
} = {}) {
  const run = createTestRun('benchgroups');
  await run.setUp();
  let stack;
  let direct;
  const db = new pg.Pool({ connectionString: run.env.DATABASE_URL, max: 4 });
  try {
    console.log(`\nGroups: charities and events (load average at start: ${loadAverage()})`);
    stack = await startBenchStack(run, {
      RATE_LIMIT_CHARITY_READS_PER_IP: '100000000',
      RATE_LIMIT_EVENT_READS_PER_IP: '100000000',
    });
    const base = stack.url;
    const prefix = `bg${randomBytes(3).toString('hex')}`;

    // A member of the charity's staff with a real session (signed up through the API).
    const staffEmail = `bench-charity-staff-${randomUUID()}@example.com`;
    const { body: signup, cookie: sessionCookie } = await api(base, 'POST', '/api/auth/signup', {
      email: staffEmail,
      password: 'Secret123',
    });
    const staffCookie = await browserCookieOf(base, sessionCookie);

    const seedStarted = Date.now();
    const { charityId, charitySlug, races, bigEvent } = await seedGroups(db, {
      prefix,
      charityRunners,
      charityTeams,
      charityEvents,
      eventRunners,
      directoryEvents,
    });
    await db.query(
      `INSERT INTO community.charity_staff (charity_id, user_id, email, role) VALUES ($1, $2, $3, 'staff')`,
      [charityId, signup.user.id, staffEmail],
    );
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const consoleEvent = races[0].id;
    const consoleFlag = 'behind_pace';
    console.log(
      `seeded in ${seedSeconds.toFixed(1)} s: a charity of ${charityRunners} runners (${charityTeams} teams, ` +
        `${charityEvents} events), an event of ${eventRunners}, ${directoryEvents} events in the directory`,
    );

    direct = startHelper(fileURLToPath(import.meta.url), 'direct-server', run.env);
    const directUrl = await direct.url;
    const directPid = (await fetch(`${directUrl}/direct/pid`).then((r) => r.json())).pid;
    const backendsOf = async (name) =>
      (
        await db.query(
          `SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = $1 AND backend_type = 'client backend'`,
          [name],
        )
      ).rows.map((r) => r.pid);
    const throughStack = async () => ({
      gateway: [stack.processes.get('gateway').child.pid],
      community: [stack.processes.get('community').child.pid],
      'postgres (community)': await backendsOf('community'),
    });
    const directly = async () => ({ direct: [directPid], 'postgres (direct)': await backendsOf('bench-direct') });

    const duration = int('BENCH_DURATION', 10);
    const staffQuery = `event=${consoleEvent}&flag=${consoleFlag}`;
    const cases = [];
    const add = (name, result) => {
      cases.push({ name, result });
      return result;
    };

    // 1. The public page.
    const charityPage = add(
      `gateway /api/charities/:slug (${charityRunners} runners)`,
      await measureCase(`${base}/api/charities/${charitySlug}`, { duration, watched: throughStack, db }),
    );
    const charityPageDirect = add(
      'direct charity page',
      await measureCase(`${directUrl}/direct/charities/${charitySlug}`, { duration, watched: directly, db }),
    );
    // 2. The console's first page, as staff.
    const consolePage = add(
      'gateway /api/charities/:id/runners?event&flag (staff, 10 conn.)',
      await measureCase(`${base}/api/charities/${charityId}/runners?${staffQuery}`, {
        duration,
        connections: 10,
        headers: { cookie: staffCookie },
        watched: throughStack,
        db,
      }),
    );
    const consoleDirect = add(
      'direct console page (10 conn.)',
      await measureCase(`${directUrl}/direct/charities/${charityId}/runners?${staffQuery}&as=${signup.user.id}`, {
        duration,
        connections: 10,
        watched: directly,
        db,
      }),
    );
    // 4. The event page.
    const eventPage = add(
      `gateway /api/events/:slug (${eventRunners} runners)`,
      await measureCase(`${base}/api/events/${bigEvent.slug}`, { duration, watched: throughStack, db }),
    );
    // Uncached, ~0.5 s of queries a read: at 50 connections nothing answers within autocannon's 10 s
    // timeout, so the baseline's capacity is taken at 10 (2 cores are as busy either way).
    const eventDirect = add(
      'direct event page (10 conn.)',
      await measureCase(`${directUrl}/direct/events/${bigEvent.slug}`, {
        duration,
        connections: 10,
        watched: directly,
        db,
      }),
    );
    // 5. Autocomplete: each request the next prefix.
    const prefixes = typedPrefixes();
    const from = day(0);
    const typing = (path) => {
      let n = 0;
      return [
        {
          setupRequest: (request) => ({
            ...request,
            path: path(encodeURIComponent(prefixes[n++ % prefixes.length])),
          }),
        },
      ];
    };
    const autocomplete = add(
      `gateway /api/events?query= (${directoryEvents} events, ${prefixes.length} prefixes)`,
      await measureCase(`${base}/api/events`, {
        duration,
        requests: typing((p) => `/api/events?query=${p}`),
        watched: throughStack,
        db,
      }),
    );
    const autocompleteFew = add(
      'gateway /api/events?query=, 10 conn. (for comparison)',
      await measureCase(`${base}/api/events`, {
        duration,
        connections: 10,
        requests: typing((p) => `/api/events?query=${p}`),
        watched: throughStack,
        db,
      }),
    );
    const autocompleteDirect = add(
      'direct event search',
      await measureCase(`${directUrl}/direct/events`, {
        duration,
        requests: typing((p) => `/direct/events?query=${p}&from=${from}`),
        watched: directly,
        db,
      }),
    );
    console.table(cases.map(({ name, result }) => ({ ...summary(name, result), load: result.load })));
    console.table(
      cases.map(({ name, result }) => ({
        'CPU ms / request': name,
        ...Object.fromEntries(Object.entries(result.cpu).map(([process_, ms]) => [process_, Number(ms.toFixed(2))])),
      })),
    );

    // 3. The CSV, three times each way.
    const csvTurns = int('BENCH_CSV_TURNS', 3);
    const csvs = [];
    const csvsDirect = [];
    for (let turn = 0; turn < csvTurns; turn++) {
      await settle(db);
      csvs.push(await timeCsv(`${base}/api/charities/${charityId}/runners.csv`, { cookie: staffCookie }));
      await settle(db);
      csvsDirect.push(await timeCsv(`${directUrl}/direct/charities/${charityId}/runners.csv?as=${signup.user.id}`, {}));
    }
    console.table([
      ...csvs.map((c, i) => ({ name: `gateway runners.csv, turn ${i + 1}`, ...c })),
      ...csvsDirect.map((c, i) => ({ name: `direct runners.csv, turn ${i + 1}`, ...c })),
    ]);

    // Where the database's time goes, at this size.
    const bigEventId = bigEvent.id;
    const search = searchSql(['lon']);
    const explained = {
      'charity page: runners ranked, with their count': [SQL.charityPublished, [charityId, 0, 50]],
      'charity page: its events': [SQL.charityEvents, [charityId]],
      'charity page: its teams': [SQL.charityTeams, [charityId, 50]],
      'console: first page, one event, one flag': [consoleSql(consoleFlag), [charityId, consoleEvent, '%%', 0, 50]],
      'console: CSV, last of its pages of 1,000': [
        consoleSql(undefined),
        [charityId, null, '%%', Math.floor((charityRunners - 1) / 1000) * 1000, 1000],
      ],
      'event page: runners ranked': [SQL.eventRanked, [bigEventId, 0, 50]],
      'event page: runners counted': [SQL.eventRankedCount, [bigEventId]],
      'event page: its teams': [SQL.eventTeams, [bigEventId, 50]],
      'event page: its charities': [SQL.eventCharities, [bigEventId, 50]],
      'event page: its team count': [SQL.eventTeamCounts, [[bigEventId]]],
      "autocomplete 'lon': events": [search.rows, [from, '%lon%', 0, 20]],
      "autocomplete 'lon': count": [search.count, [from, '%lon%']],
    };
    const plans = [];
    for (const [name, [text, params]] of Object.entries(explained))
      plans.push({ query: name, ...(await explain(db, text, params)) });
    console.table(plans);

    const ratio = (gateway, baseline) =>
      baseline.requests.average > 0
        ? (gateway.requests.average / baseline.requests.average).toFixed(2)
        : 'undefined (the direct read answered nothing)';
    const statuses = (result) =>
      Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, { count }]) => `${count} × ${code}`)
        .join(', ');
    const failed = cases
      .filter(({ result }) => result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
      .map(
        ({ name, result }) =>
          `${name}: ${[statuses(result), result.timeouts && `${result.timeouts} timeouts`].filter(Boolean).join(', ')}`,
      );
    const csvWall = median(csvs.map((c) => c.wallMs));
    const csvStreamed = csvs.every((c) => c.firstByteMs < c.wallMs / 4);
    const csvLines = csvs.every((c) => c.lines === charityRunners + 1);
    const fmt = (ms) => Math.round(ms);
    console.log(
      [
        `${verdict(charityPage.latency.p99 <= 50)} charity page (${charityRunners} runners): gateway p99 ${charityPage.latency.p99} ms ` +
          `(aim ≤ 50 ms), p50 ${charityPage.latency.p50} ms; gateway / direct throughput ${ratio(charityPage, charityPageDirect)}`,
        `${verdict(consolePage.latency.p99 <= 150)} console first page (one event, flag ${consoleFlag}), 10 connections: ` +
          `gateway p99 ${consolePage.latency.p99} ms (aim ≤ 150 ms), p50 ${consolePage.latency.p50} ms; ` +
          `gateway / direct throughput ${ratio(consolePage, consoleDirect)}`,
        `${verdict(csvWall <= 3000 && csvStreamed && csvLines)} runners.csv (${charityRunners} rows): wall median ` +
          `${fmt(csvWall)} ms (aim ≤ 3000 ms; ${csvs.map((c) => fmt(c.wallMs)).join(', ')}), first byte ` +
          `${csvs.map((c) => fmt(c.firstByteMs)).join(', ')} ms (${csvStreamed ? 'streamed' : 'NOT STREAMED'}), ` +
          `${csvs.map((c) => c.lines).join(', ')} lines (${csvLines ? 'as many as runners and the header' : `WRONG: want ${charityRunners + 1}`}); ` +
          `gateway / direct wall ${(csvWall / median(csvsDirect.map((c) => c.wallMs))).toFixed(2)}`,
        `${verdict(eventPage.latency.p99 <= 50)} event page (${eventRunners} runners): gateway p99 ${eventPage.latency.p99} ms ` +
          `(aim ≤ 50 ms), p50 ${eventPage.latency.p50} ms, max ${eventPage.latency.max} ms (a read the gateway's copy ` +
          `misses: every connection waits on it); gateway / direct (10 conn.) throughput ${ratio(eventPage, eventDirect)}`,
        `${verdict(autocomplete.latency.p99 <= 30)} autocomplete (${directoryEvents} events, ${prefixes.length} prefixes in turn): ` +
          `gateway p99 ${autocomplete.latency.p99} ms (aim ≤ 30 ms), p50 ${autocomplete.latency.p50} ms; ` +
          `gateway / direct throughput ${ratio(autocomplete, autocompleteDirect)}; at 10 connections p99 ` +
          `${autocompleteFew.latency.p99} ms, p50 ${autocompleteFew.latency.p50} ms`,
        ...failed.map((line) => `NOT VALID (non-2xx answers or errors): ${line}`),
        `load average ${loadAverage()}`,
      ].join('\n'),
    );
  } finally {
    await direct?.stop();
    await stack?.stop();
    await db.end();
    await run.tearDown();
  }
}

if (process.argv[2] === 'direct-server') await serveDirect(process.env.DATABASE_URL);
else if (import.meta.url === `file://${process.argv[1]}`) await runGroupsBench();
