// `npm run bench`: load figures for the gateway. Starts an isolated stack, then measures with
// autocannon (50 connections):
//   1. GET /api/health/ready (answered from state a background ping loop keeps: no NATS call)
//   2. GET /api/fitness-profile/{id} (gateway → NATS → fitness → PostgreSQL)
//   3. the same read done directly in one process (Fastify + pg), the baseline for its ratio
//   3b. the read of 2 by a signed-in caller (access cookie: one ES256 verification, no call to
//      identity), against 2 as the public read it is (#15: at most 10% slower)
//   4. GET /api/runner-profile/{slug} (gateway, its page cache invalidated by profiles' announcements)
//   5. the same page read directly in one process (Fastify + pg: page, owner access, challenges)
//   6. with BENCH_TELEMETRY unset or 1: case 2 again on a second stack with OpenTelemetry on (OTLP to a
//      sink in the direct server's process), against case 2 without it (no SDK loaded): the cost of
//      the instrumentation as a ratio of the same run.
//   7. with BENCH_MILLION=1 (1,000,000 pages) or BENCH_PAGES=<count>: random uncached page reads at
//      1,000 pages and at that many, seeded with COPY, and EXPLAIN ANALYZE of the page, dashboard and
//      history queries at that size (bench-pages.mjs; the million takes minutes, so it is opt-in).
// then the Strava sync under Strava's scaled-down limits (bench-strava-sync.mjs), then Lighthouse on
// `/` and a runner page (bench-lighthouse.mjs; BENCH_LIGHTHOUSE=0 skips it; BENCH_STRAVA=0 and
// BENCH_TOTALS=0 skip the sync benches).
// The direct server runs in its own process (this file with `direct-server`), as the gateway does,
// so neither shares autocannon's event loop. BENCH_DURATION sets every case's length (default 10 s,
// 20 s for the runner page); BENCH_CONNECTIONS the connections; each case is warmed up first
// (BENCH_WARMUP seconds, default 2, not counted). The stack runs as in production: typed RPC
// answers are not re-validated (RPC_VALIDATE_RESPONSES=false, which test runs set).
import './lib/node-runtime.mjs';
import autocannon from 'autocannon';
import { buildDonationUrl, hasAccess } from '@runpledge/contracts';
import Fastify from 'fastify';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './jest/helpers.mjs';
import { migrateAll, startStack } from './lib/stack.mjs';
import { api, publishRunnerPage, seedRunnerPage } from './lib/runner-page-seed.mjs';
import { createTestRun } from './lib/test-run.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const durationOf = (fallback) => Number(process.env.BENCH_DURATION ?? fallback);

/** The one-process baseline: Fastify reading PostgreSQL with pg, shaping the same JSON as the API. */
async function serveDirect(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify();
  app.get('/direct/fitness-profile/:profileId', async (request) => {
    const { rows } = await pool.query(
      `SELECT c.training_start_date, c.needs_reconnect, c.last_synced_at, c.public_display_consent
       FROM fitness.fitness_profiles p JOIN fitness.strava_connections c ON c.user_id = p.user_id WHERE p.profile_id = $1`,
      [request.params.profileId],
    );
    const row = rows[0];
    return {
      stravaConnected: true,
      trainingStartDate: row.training_start_date,
      needsReconnect: row.needs_reconnect,
      lastSyncedAt: row.last_synced_at,
      publicDisplayConsent: row.public_display_consent,
    };
  });
  app.get('/direct/runner-profile/:slug', async (request, reply) => {
    const { slug } = request.params;
    const [profiles, challenges] = await Promise.all([
      pool.query(
        `SELECT p.*, p.marathon_date::text AS marathon_date, a.status, a.current_period_end
           FROM profiles.runner_profiles p LEFT JOIN profiles.owner_access a ON a.user_id = p.user_id
          WHERE p.url_slug = $1`,
        [slug],
      ),
      pool.query(
        `SELECT c.id, c.runner_profile_id, c.amount, c.description, c.is_exclusive, c.position
           FROM profiles.fundraising_challenges c JOIN profiles.runner_profiles p ON p.id = c.runner_profile_id
          WHERE p.url_slug = $1 ORDER BY c.position`,
        [slug],
      ),
    ]);
    const p = profiles.rows[0];
    if (!p) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Runner profile not found' });
    const platform = {
      donationPlatform: p.donation_platform,
      charityLink: p.charity_link,
      donorDriveEventUrl: p.donor_drive_event_url,
      donorDriveParticipantId: p.donor_drive_participant_id,
      justGivingPageShortName: p.just_giving_page_short_name,
      hakuDonationUrl: p.haku_donation_url,
    };
    return {
      profile: {
        id: p.id,
        userId: p.user_id,
        urlSlug: p.url_slug,
        name: p.name,
        marathonName: p.marathon_name,
        marathonDate: p.marathon_date,
        goalHours: p.goal_hours,
        goalMinutes: p.goal_minutes,
        description: p.description,
        connectStrava: p.connect_strava,
        ...platform,
        donationUrl: buildDonationUrl(platform),
        fundsRaised: p.funds_raised,
        fundraisingGoal: p.fundraising_goal,
        totalDonors: p.total_donors,
        fundraisingChallenges: challenges.rows.map((c) => ({
          id: c.id,
          runnerProfileId: c.runner_profile_id,
          amount: Number(c.amount),
          description: c.description,
          isExclusive: c.is_exclusive,
          position: c.position,
        })),
        createdAt: p.created_at.toISOString(),
        updatedAt: p.updated_at.toISOString(),
        published: p.status ? hasAccess(p.status, p.current_period_end) : false,
        isOwner: false,
      },
    };
  });
  // An OTLP/HTTP sink for the traced stack (case 6): accepts every export, keeps nothing.
  app.addContentTypeParser('application/x-protobuf', { parseAs: 'buffer' }, (_request, _body, done) => done(null, {}));
  app.post('/v1/traces', async () => ({}));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`direct server listening on ${url}`);
  process.on('SIGTERM', () => void app.close().then(() => pool.end()));
}

function startDirectServer(env) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'direct-server'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = line.match(/direct server listening on (\S+)/);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`direct server exited (code ${code})`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

function load(url, duration, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * One case: a warm-up (BENCH_WARMUP seconds, default 2, not counted), then the measured run. Without
 * it the first cases after the stack's start paid for its JIT warm-up and start-up work: the public
 * fitness read came out slower than the same read signed in, measured later (1.56x on 2026-11-25).
 */
async function measure(url, duration, headers = {}) {
  const warmup = Number(process.env.BENCH_WARMUP ?? 2);
  if (warmup > 0) await load(url, warmup, headers);
  return load(url, duration, headers);
}

/** A signed-in caller's access cookie (`name=value`), from a fresh sign-up. */
async function accessCookieOf(base) {
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: `bench-reader-${randomUUID()}@example.com`, password: 'Secret123' }),
  });
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => /^(__Host-)?rp_access=/.test(pair));
  if (!cookie) throw new Error('sign-up set no access cookie');
  return cookie;
}

function summary(name, result) {
  return {
    name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function bench() {
  const run = createTestRun('bench');
  await run.setUp();
  let stack;
  let direct;
  const pool = new pg.Pool({ connectionString: run.env.DATABASE_URL, max: 2 });
  try {
    await migrateAll(run.env);
    // A machine under load can take well over a minute to start seven processes.
    stack = await startStack({
      env: { ...run.env, LOG_LEVEL: 'warn', RPC_VALIDATE_RESPONSES: 'false' },
      port: await freePort(),
      readyTimeoutMs: 180_000,
    });
    // A published page (the gateway answers 404 for the training summary of an unpublished one),
    // whose runner has a Strava connection; fitness learns of the page from profiles' event.
    const page = await seedRunnerPage(stack.url);
    await publishRunnerPage(stack.url, stack.env, page, 120_000);
    const profileId = page.profile.id;
    await pool.query(
      `INSERT INTO fitness.strava_connections (user_id, athlete_id, access_token, refresh_token, token_expires_at, training_start_date)
       VALUES ($1, '1', 'v1.x', 'v1.x', now(), '2026-06-01')`,
      [page.user.id],
    );
    for (let tries = 0; ; tries += 1) {
      const { rowCount } = await pool.query('SELECT 1 FROM fitness.fitness_profiles WHERE profile_id = $1', [
        profileId,
      ]);
      if (rowCount) break;
      if (tries > 600) throw new Error('fitness never learnt of the bench page');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    direct = startDirectServer(run.env);
    const directUrl = await direct.url;

    const rows = [];
    const ratio = (gateway, baseline) => gateway.requests.average / baseline.requests.average;
    console.log(`autocannon: ${connections} connections\n`);

    const shortCase = durationOf(10);
    rows.push(
      summary(
        'gateway /api/health/ready (state kept in the background)',
        await measure(`${stack.url}/api/health/ready`, shortCase),
      ),
    );
    const fitnessGateway = await measure(`${stack.url}/api/fitness-profile/${profileId}`, shortCase);
    rows.push(summary('gateway /api/fitness-profile/:id (NATS + PostgreSQL)', fitnessGateway));
    const fitnessDirect = await measure(`${directUrl}/direct/fitness-profile/${profileId}`, shortCase);
    rows.push(summary('direct fitness profile (Fastify + pg, own process)', fitnessDirect));
    const readerCookie = await accessCookieOf(stack.url);
    const fitnessSignedIn = await measure(`${stack.url}/api/fitness-profile/${profileId}`, shortCase, {
      cookie: readerCookie,
    });
    rows.push(summary('gateway /api/fitness-profile/:id, signed in (access cookie)', fitnessSignedIn));

    const pageCase = durationOf(20);
    const pageGateway = await measure(`${stack.url}/api/runner-profile/${page.profile.urlSlug}`, pageCase);
    rows.push(summary('gateway /api/runner-profile/:slug (cache + NATS + PostgreSQL)', pageGateway));
    const pageDirect = await measure(`${directUrl}/direct/runner-profile/${page.profile.urlSlug}`, pageCase);
    rows.push(summary('direct runner page (Fastify + pg, own process)', pageDirect));
    console.table(rows);
    // A figure of error answers measures nothing (an unpublished page's 404 did, unnoticed, for a while).
    const invalid = rows.filter((row) => row.non2xx > 0 || row.errors > 0).map((row) => row.name);
    if (invalid.length > 0) console.log(`NOT VALID (non-2xx answers or errors): ${invalid.join('; ')}`);

    // The cache must never hide an edit: the page read right after a PUT shows it.
    const story = `Edited at ${new Date().toISOString()}`;
    // Reported, not thrown: the figures after it (the instrumentation cost) still come out.
    const fresh = await api(
      stack.url,
      'PUT',
      `/api/runner-profile/${page.profile.id}`,
      { description: story },
      page.cookie,
    )
      .then(() => api(stack.url, 'GET', `/api/runner-profile/${page.profile.urlSlug}`))
      .then(({ body }) => (body.profile.description === story ? 'yes' : 'NO'))
      .catch((err) => `NO (${err.message})`);

    console.log(
      `readiness: ${Math.round(rows[0]['req/s'])} req/s (aim ≥ 10,000)\n` +
        `fitness profile, gateway / direct throughput: ${ratio(fitnessGateway, fitnessDirect).toFixed(2)} ` +
        `(aim ≥ 0.50); gateway p99 ${fitnessGateway.latency.p99} ms (aim ≤ 20 ms)\n` +
        `fitness profile, signed in / public throughput: ${ratio(fitnessSignedIn, fitnessGateway).toFixed(2)} (aim ≥ 0.90)`,
    );
    console.log(
      `runner page, gateway / direct throughput: ${ratio(pageGateway, pageDirect).toFixed(2)} (aim ≥ 0.80); ` +
        `gateway p99 ${pageGateway.latency.p99} ms (aim < 50 ms); ` +
        `fresh right after an edit: ${fresh}`,
    );
    if (process.env.BENCH_TELEMETRY !== '0') {
      // Issue #17: tracing on (every hop: HTTP, NATS client and server spans, pg) against off.
      await stack.stop();
      stack = undefined;
      stack = await startStack({
        env: {
          ...run.env,
          LOG_LEVEL: 'warn',
          RPC_VALIDATE_RESPONSES: 'false',
          OTEL_EXPORTER_OTLP_ENDPOINT: directUrl,
          OTEL_METRICS_EXPORTER: 'none',
          OTEL_LOGS_EXPORTER: 'none',
        },
        port: await freePort(),
        readyTimeoutMs: 180_000,
      });
      const traced = await measure(`${stack.url}/api/fitness-profile/${profileId}`, shortCase);
      console.table([
        summary('gateway /api/fitness-profile/:id, OpenTelemetry off (no SDK)', fitnessGateway),
        summary('gateway /api/fitness-profile/:id, OpenTelemetry on (OTLP export)', traced),
      ]);
      console.log(
        `instrumentation cost, traced / untraced throughput: ${ratio(traced, fitnessGateway).toFixed(2)}; ` +
          `p99 ${fitnessGateway.latency.p99} → ${traced.latency.p99} ms`,
      );
    }
    if (process.env.BENCH_MILLION === '1' || process.env.BENCH_PAGES) {
      // Its own stack (no page cache), in this run's database.
      await stack?.stop();
      stack = undefined;
      const { runPagesBench } = await import('./bench-pages.mjs');
      await runPagesBench(run.env);
    }
  } finally {
    await direct?.stop();
    await stack?.stop();
    await pool.end();
    await run.tearDown();
  }
}

if (process.argv[2] === 'direct-server') await serveDirect(process.env.DATABASE_URL);
else {
  await bench();
  if (process.env.BENCH_STRAVA !== '0') {
    const { runStravaSyncBench } = await import('./bench-strava-sync.mjs');
    await runStravaSyncBench();
  }
  if (process.env.BENCH_TOTALS !== '0') {
    const { runTotalsSyncBench } = await import('./bench-totals-sync.mjs');
    await runTotalsSyncBench();
  }
  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    const { runLighthouseBench } = await import('./bench-lighthouse.mjs');
    await runLighthouseBench();
  }
}
