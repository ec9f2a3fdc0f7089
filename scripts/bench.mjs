// `npm run bench`: load figures for the gateway. Starts an isolated stack, then measures with
// autocannon (50 connections):
//   1. GET /api/health/ready (answered from state a background ping loop keeps: no NATS call)
//   2. GET /api/fitness-profile/{id} (gateway → NATS → fitness → PostgreSQL)
//   3. the same read done directly in one process (Fastify + pg), the baseline for its ratio
//   3b. the read of 2 by a signed-in caller (access cookie: one ES256 verification, no call to
//      identity), against 2 as the public read it is (#15: at most 10% slower)
//   3c. a runner's read of that summary for their own unpublished page, holding the cookies a
//      browser holds (session and access), against 2 (#26: within 2x, i.e. ≥ 0.50 of 2's throughput)
//   4. GET /api/runner-profile/{slug} (gateway, its page cache invalidated by profiles' announcements)
//   5. the same page read directly in one process (Fastify + pg: page, owner access, challenges)
//   6. with BENCH_TELEMETRY unset or 1: case 2 on a second stack with OpenTelemetry on, beside the
//      first (no SDK loaded), measured in turns (off, on, off, on...: BENCH_OTEL_TURNS, default 3) so
//      both see the same machine:
//      OTLP/HTTP export to a receiver this bench starts (its own process, decoding each export and
//      counting the spans per service), with the sampling production uses (parent-based trace-id
//      ratio, OTEL_TRACES_SAMPLER_ARG 0.1 as in k8s/base; BENCH_OTEL_SAMPLER_ARG changes it).
//   7. with BENCH_MILLION=1 (1,000,000 pages) or BENCH_PAGES=<count>: random uncached page reads at
//      1,000 pages and at that many, seeded with COPY, and EXPLAIN ANALYZE of the page, dashboard and
//      history queries at that size (bench-pages.mjs; the million takes minutes, so it is opt-in).
// then a 10 MB activity file's parse time and a light request's p99 while files are read
// (bench-activity-files.mjs; BENCH_FILES=0 skips it), then every process's resident memory after a
// mixed workload against its Kubernetes limit (bench-memory.mjs; BENCH_MEMORY=0 skips it; non-zero
// exit when one does not fit), then the Strava sync under Strava's
// scaled-down limits (bench-strava-sync.mjs), then Lighthouse on
// `/` and a runner page (bench-lighthouse.mjs; BENCH_LIGHTHOUSE=0 skips it; BENCH_STRAVA=0 and
// BENCH_TOTALS=0 skip the sync benches), then a team of 5,000 members (bench-teams.mjs; BENCH_TEAMS=0
// skips it), then a charity of 20,000 runners (its page, its console's first page and CSV), an event
// of 50,000 runners and autocomplete over 10,000 events (bench-groups.mjs; BENCH_GROUPS=0 skips it),
// then 100,000 pledges falling due and a new run on a page of 10,000 pledges
// (bench-pledges.mjs; BENCH_PLEDGES=0 skips it).
// The direct server runs in its own process (this file with `direct-server`), as the gateway does,
// so neither shares autocannon's event loop. BENCH_DURATION sets every case's length (default 10 s,
// 20 s for the runner page); BENCH_CONNECTIONS the connections; each case is warmed up first
// (BENCH_WARMUP seconds, default 2, not counted). The stack runs as in production: typed RPC
// answers are not re-validated (RPC_VALIDATE_RESPONSES=false, which test runs set).
import './lib/node-runtime.mjs';
import { buildDonationUrl, hasAccess } from '@runpledge/contracts';
import Fastify from 'fastify';
import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './jest/helpers.mjs';
import { startStack } from './lib/stack.mjs';
import { api, browserCookieOf, publishRunnerPage, seedRunnerPage } from './lib/runner-page-seed.mjs';
import { createTestRun } from './lib/test-run.mjs';
import {
  BENCH_CONNECTIONS,
  accessCookieOf,
  load,
  measure,
  startBenchStack,
  startHelper,
  summary,
} from './lib/bench-kit.mjs';

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
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`direct server listening on ${url}`);
  process.on('SIGTERM', () => void app.close().then(() => pool.end()));
}

/** Protocol buffers' wire format, enough to walk an OTLP export: each field's number and, if length-delimited, bytes. */
function* protobufFields(buf) {
  let pos = 0;
  const varint = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = buf[pos++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  while (pos < buf.length) {
    const key = varint();
    const wire = key & 7;
    if (wire === 0) varint();
    else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else if (wire === 2) {
      const length = varint();
      yield [Math.floor(key / 8), buf.subarray(pos, pos + length)];
      pos += length;
      continue;
    } else throw new Error(`protobuf wire type ${wire} unexpected`);
    yield [Math.floor(key / 8)];
  }
}

const fieldsOf = (buf, number) => [...protobufFields(buf)].filter(([n]) => n === number).map(([, bytes]) => bytes);

/**
 * Spans per `service.name` in an OTLP ExportTraceServiceRequest (protobuf): resource_spans = 1
 * { resource = 1 { attributes = 1 { key = 1, value = 2 { string_value = 1 } } }, scope_spans = 2 { spans = 2 } }.
 */
function spansPerService(buf) {
  const counts = {};
  for (const resourceSpans of fieldsOf(buf, 1)) {
    let service = '(unnamed)';
    for (const resource of fieldsOf(resourceSpans, 1)) {
      for (const attribute of fieldsOf(resource, 1)) {
        if (fieldsOf(attribute, 1)[0]?.toString() !== 'service.name') continue;
        const value = fieldsOf(attribute, 2)[0];
        if (value) service = fieldsOf(value, 1)[0]?.toString() ?? service;
      }
    }
    for (const scopeSpans of fieldsOf(resourceSpans, 2)) {
      counts[service] = (counts[service] ?? 0) + fieldsOf(scopeSpans, 2).length;
    }
  }
  return counts;
}

/**
 * An OTLP/HTTP trace receiver (its own process, as a collector would be): decodes every export
 * (protobuf or JSON, gzip or not), counts its spans per service, answers as a collector does; GET
 * /counts tells the bench what arrived.
 */
async function serveOtlpReceiver() {
  const counts = {};
  let exports = 0;
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/counts') {
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify({ exports, spans: counts }));
    }
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.statusCode = 404;
        return response.end();
      }
      try {
        let body = Buffer.concat(chunks);
        if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        const json = request.headers['content-type']?.startsWith('application/json');
        const found = json
          ? Object.fromEntries(
              JSON.parse(body.toString()).resourceSpans.map((rs) => [
                rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value?.stringValue ?? '(unnamed)',
                rs.scopeSpans.reduce((sum, ss) => sum + (ss.spans?.length ?? 0), 0),
              ]),
            )
          : spansPerService(body);
        exports += 1;
        for (const [service, n] of Object.entries(found)) counts[service] = (counts[service] ?? 0) + n;
        // An empty ExportTraceServiceResponse: everything accepted.
        response.setHeader('content-type', json ? 'application/json' : 'application/x-protobuf');
        response.end(json ? '{}' : Buffer.alloc(0));
      } catch (err) {
        response.statusCode = 400;
        response.end(String(err));
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(`otlp receiver listening on http://127.0.0.1:${server.address().port}`);
  process.on('SIGTERM', () => server.close());
}

/** Gives the page's runner a Strava connection, then waits until fitness knows the page (profiles' event). */
async function withTraining(pool, page, athleteId) {
  await pool.query(
    `INSERT INTO fitness.strava_connections (user_id, athlete_id, access_token, refresh_token, token_expires_at, training_start_date)
     VALUES ($1, $2, 'v1.x', 'v1.x', now(), '2026-06-01')`,
    [page.user.id, athleteId],
  );
  for (let tries = 0; ; tries += 1) {
    const { rowCount } = await pool.query('SELECT 1 FROM fitness.fitness_profiles WHERE profile_id = $1', [
      page.profile.id,
    ]);
    if (rowCount) return;
    if (tries > 600) throw new Error(`fitness never learnt of the page ${page.profile.urlSlug}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function bench() {
  const run = createTestRun('bench');
  await run.setUp();
  let stack;
  let direct;
  const pool = new pg.Pool({ connectionString: run.env.DATABASE_URL, max: 2 });
  try {
    stack = await startBenchStack(run);
    // A published page (the gateway answers 404 for the training summary of an unpublished one),
    // whose runner has a Strava connection; fitness learns of the page from profiles' event.
    const page = await seedRunnerPage(stack.url);
    await publishRunnerPage(stack.url, stack.env, page, 120_000);
    const profileId = page.profile.id;
    // A second runner's page, never published: only its owner may read its training summary.
    const ownPage = await seedRunnerPage(stack.url);
    await Promise.all([withTraining(pool, page, '1'), withTraining(pool, ownPage, '2')]);
    const ownerCookie = await browserCookieOf(stack.url, ownPage.cookie);
    direct = startHelper(fileURLToPath(import.meta.url), 'direct-server', run.env);
    const directUrl = await direct.url;

    const rows = [];
    const ratio = (gateway, baseline) => gateway.requests.average / baseline.requests.average;
    console.log(`autocannon: ${BENCH_CONNECTIONS} connections\n`);

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
    const fitnessOwner = await measure(`${stack.url}/api/fitness-profile/${ownPage.profile.id}`, shortCase, {
      cookie: ownerCookie,
    });
    rows.push(summary("gateway /api/fitness-profile/:id, the owner's unpublished page", fitnessOwner));

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
        `fitness profile, signed in / public throughput: ${ratio(fitnessSignedIn, fitnessGateway).toFixed(2)} (aim ≥ 0.90)\n` +
        `fitness profile, owner's unpublished page / visitor's published page throughput: ` +
        `${ratio(fitnessOwner, fitnessGateway).toFixed(2)} (aim ≥ 0.50, within 2x); owner p99 ${fitnessOwner.latency.p99} ms`,
    );
    console.log(
      `runner page, gateway / direct throughput: ${ratio(pageGateway, pageDirect).toFixed(2)} (aim ≥ 0.80); ` +
        `gateway p99 ${pageGateway.latency.p99} ms (aim < 50 ms); ` +
        `fresh right after an edit: ${fresh}`,
    );
    if (process.env.BENCH_TELEMETRY !== '0') {
      // Issue #17: tracing on (every hop: HTTP, NATS client and server spans, pg) against off. The
      // traced stack is a namespace of its own (NATS subjects and streams, Redis keys) on the same
      // database, so it reads the same page beside the untraced one.
      const tracedRun = createTestRun('benchotel');
      const samplerArg = process.env.BENCH_OTEL_SAMPLER_ARG ?? '0.1';
      const receiver = startHelper(fileURLToPath(import.meta.url), 'otlp-receiver', {});
      let tracedStack;
      try {
        tracedStack = await startStack({
          env: {
            ...tracedRun.env,
            DATABASE_URL: run.env.DATABASE_URL,
            LOG_LEVEL: 'warn',
            RPC_VALIDATE_RESPONSES: 'false',
            // As k8s/base/kustomization.yaml sets them, the endpoint aside.
            OTEL_EXPORTER_OTLP_ENDPOINT: await receiver.url,
            OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
            OTEL_TRACES_SAMPLER_ARG: samplerArg,
            OTEL_METRICS_EXPORTER: 'none',
            OTEL_LOGS_EXPORTER: 'none',
          },
          port: await freePort(),
          readyTimeoutMs: 180_000,
        });
        const tracedUrl = `${tracedStack.url}/api/fitness-profile/${profileId}`;
        const untracedUrl = `${stack.url}/api/fitness-profile/${profileId}`;
        // The untraced stack has served every case above; the traced one has just started.
        await load(tracedUrl, { duration: Number(process.env.BENCH_WARMUP ?? 2) * 2 });
        const untraced = [];
        const traced = [];
        for (let turn = 0; turn < Number(process.env.BENCH_OTEL_TURNS ?? 3); turn += 1) {
          untraced.push(await measure(untracedUrl, shortCase));
          traced.push(await measure(tracedUrl, shortCase));
        }
        // The batch span processor sends every 5 s (OTEL_BSP_SCHEDULE_DELAY): wait for the last batch.
        await new Promise((resolve) => setTimeout(resolve, 6000));
        const received = await fetch(`${await receiver.url}/counts`).then((res) => res.json());
        const spans = Object.values(received.spans).reduce((sum, n) => sum + n, 0);
        const perTurn = (results, what) =>
          results.map((result, i) => summary(`gateway /api/fitness-profile/:id, ${what}, turn ${i + 1}`, result));
        console.table([
          ...perTurn(untraced, 'OpenTelemetry off (no SDK)'),
          ...perTurn(traced, `OpenTelemetry on (OTLP export, sampler ratio ${samplerArg})`),
        ]);
        const requestsOf = (results) => results.reduce((sum, result) => sum + result.requests.total, 0);
        const tracedRequests = requestsOf(traced);
        const costRatio = tracedRequests / requestsOf(untraced);
        const invalidTurns = [...untraced, ...traced].some((result) => result.non2xx > 0 || result.errors > 0);
        console.log(
          `instrumentation cost, traced / untraced throughput (all turns): ${costRatio.toFixed(2)} (aim ≥ 0.85); ` +
            `p99 ${untraced.map((r) => r.latency.p99).join(', ')} → ${traced.map((r) => r.latency.p99).join(', ')} ms\n` +
            `spans received by the OTLP receiver: ${spans} in ${received.exports} exports ` +
            `(${Object.entries(received.spans)
              .map(([service, n]) => `${service} ${n}`)
              .join(', ')}; ${(spans / tracedRequests).toFixed(2)} per traced request, ` +
            `warm-ups included)${spans === 0 || invalidTurns ? ' NOT VALID: no spans arrived or answers failed' : ''}`,
        );
      } finally {
        await tracedStack?.stop();
        await receiver.stop();
        await tracedRun.tearDown();
      }
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
else if (process.argv[2] === 'otlp-receiver') await serveOtlpReceiver();
else {
  await bench();
  if (process.env.BENCH_FILES !== '0') {
    const { runActivityFilesBench } = await import('./bench-activity-files.mjs');
    await runActivityFilesBench();
  }
  if (process.env.BENCH_MEMORY !== '0') {
    // Exits non-zero (after the other parts) when a process does not fit its manifest's limit.
    const { runMemoryBench } = await import('./bench-memory.mjs');
    await runMemoryBench();
  }
  if (process.env.BENCH_STRAVA !== '0') {
    const { runStravaSyncBench } = await import('./bench-strava-sync.mjs');
    await runStravaSyncBench();
  }
  if (process.env.BENCH_TOTALS !== '0') {
    const { runTotalsSyncBench } = await import('./bench-totals-sync.mjs');
    await runTotalsSyncBench();
  }
  if (process.env.BENCH_TEAMS !== '0') {
    const { runTeamsBench } = await import('./bench-teams.mjs');
    await runTeamsBench();
  }
  if (process.env.BENCH_GROUPS !== '0') {
    const { runGroupsBench } = await import('./bench-groups.mjs');
    await runGroupsBench();
  }
  if (process.env.BENCH_PLEDGES !== '0') {
    const { runPledgesBench } = await import('./bench-pledges.mjs');
    await runPledgesBench();
  }
  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    const { runLighthouseBench } = await import('./bench-lighthouse.mjs');
    await runLighthouseBench();
  }
}
