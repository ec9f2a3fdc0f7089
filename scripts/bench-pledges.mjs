// Pledges per mile bench, on a test run of its own with real service and worker processes:
//   1. falling due: BENCH_PLEDGES_DUE (100,000) confirmed pledges over BENCH_PLEDGES_PAGES (100) pages
//      whose race day has passed; BENCH_PLEDGES_WORKERS (2) profiles worker processes find them (the
//      sweep), fix what each earned (one fitness read per page), and send every due mail through the
//      job outbox and the `pledge-mails` queue. Wall time until every pledge's mail is out, and a
//      check that no pledge got two.
//   2. a new run: a page with BENCH_PLEDGES_PAGE_SIZE (10,000) active training pledges (confirmed on
//      many days); a run is added to fitness and the page's pledges are read (profiles → fitness):
//      the time from the run stored to the read showing the new amounts, and the read's latency.
// Mails go to a temporary outbox folder (no SMTP), removed at the end.
import './lib/node-runtime.mjs';
import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { natsRequester } from './jest/helpers.mjs';
import { startQueueBench } from './lib/queue-bench.mjs';
import { migrateAll, startProcess } from './lib/stack.mjs';

const int = (name, fallback) => Number(process.env[name] ?? fallback);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

export async function runPledgesBench({
  due = int('BENCH_PLEDGES_DUE', 100_000),
  pages = int('BENCH_PLEDGES_PAGES', 100),
  workers = int('BENCH_PLEDGES_WORKERS', 2),
  pageSize = int('BENCH_PLEDGES_PAGE_SIZE', 10_000),
  samples = int('BENCH_PLEDGES_SAMPLES', 10),
} = {}) {
  const bench = await startQueueBench('benchpledges', 'pledges-due');
  const { run, db } = bench;
  const env = {
    ...run.env,
    LOG_LEVEL: 'warn',
    PLEDGES_SWEEP_EVERY_SECONDS: '2',
    PLEDGE_MAIL_CONCURRENCY: String(int('BENCH_PLEDGES_MAIL_CONCURRENCY', 32)),
    // The totals sync has nothing to read here.
    TOTALS_SYNC_EVERY_SECONDS: '86400',
  };
  const services = [];
  try {
    await migrateAll(run.env);
    console.log(`\nPledges per mile (load average at start: ${load()})`);
    services.push(startProcess('fitness', env), startProcess('profiles', env));

    // Pages, their owners (published), a few runs each, and `due` confirmed pledges spread over them.
    const pageIds = Array.from({ length: pages }, () => randomUUID());
    const owners = pageIds.map(() => randomUUID());
    await db.query(
      `INSERT INTO profiles.runner_profiles (id, user_id, url_slug, name, marathon_name, marathon_date, description,
         donation_platform, donor_drive_event_url, donor_drive_participant_id)
       SELECT id, owner, 'bench-due-' || n, 'Runner ' || n, 'Bench Marathon', current_date - 1, 'Bench page',
         'donordrive', 'https://events.example.org/e', (1000 + n)::text
       FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS t(id, owner, n)`,
      [pageIds, owners],
    );
    await db.query(
      `INSERT INTO profiles.owner_access (user_id, status, current_period_end, changed_at)
       SELECT owner, 'active', now() + interval '30 days', now() FROM unnest($1::uuid[]) AS t(owner)`,
      [owners],
    );
    await db.query(
      `INSERT INTO fitness.activities (user_id, source, name, sport_type, distance_meters, duration_seconds,
         elevation_gain_meters, start_date, start_date_local, visible_to_all)
       SELECT owner, 'manual', 'Run', 'Run', 8000, 2400, 0, (current_date - d) + time '12:00', (current_date - d) + time '12:00', true
       FROM unnest($1::uuid[]) AS t(owner), generate_series(1, 20) AS d`,
      [owners],
    );
    await db.query(
      `INSERT INTO profiles.pledges (runner_profile_id, name, email, rate_per_unit, cap, counts, unit, currency, status,
         confirmed_at, confirmed_on)
       SELECT ($1::uuid[])[1 + (g % $3)], 'Supporter ' || g, 'bench-' || g || '@example.com', 0.5 + (g % 5),
         CASE WHEN g % 3 = 0 THEN 50 END, CASE WHEN g % 4 = 0 THEN 'race' ELSE 'training' END, 'mi', 'USD', 'active',
         now() - interval '10 days', current_date - 10 - (g % 5)
       FROM generate_series(1, $2) AS g`,
      [pageIds, due, pages],
    );
    const mailed = async () =>
      (await db.query(`SELECT count(*)::int AS n FROM profiles.pledges WHERE due_mailed_at IS NOT NULL`)).rows[0].n;

    const started = Date.now();
    await bench.startWorkers('profiles-worker', env, workers);
    let last = 0;
    for (;;) {
      const n = await mailed();
      if (n >= due) break;
      if (Date.now() - last > 30_000) {
        console.log(`  ${n} of ${due} due mails out after ${((Date.now() - started) / 1000).toFixed(0)} s`);
        last = Date.now();
      }
      await sleep(500);
    }
    const wallS = (Date.now() - started) / 1000;
    const files = readdirSync(env.OUTBOX_DIR).length;
    console.table([
      {
        'pledges falling due': due,
        pages,
        'worker processes': workers,
        'wall min': (wallS / 60).toFixed(2),
        'pledges/s': Math.round(due / wallS),
        'due mails written': files,
        'pledges mailed twice': files - due,
      },
    ]);
    console.log(`load average after falling due: ${load()}`);
    await bench.stopWorkers();
    rmSync(env.OUTBOX_DIR, { recursive: true, force: true });

    // 2. A page of `pageSize` active training pledges; a new run; the page's pledges read again.
    const pageId = randomUUID();
    const owner = randomUUID();
    await db.query(
      `INSERT INTO profiles.runner_profiles (id, user_id, url_slug, name, marathon_name, marathon_date, description,
         donation_platform, charity_link) VALUES ($1, $2, 'bench-live', 'Runner', 'Bench Marathon', current_date + 60,
         'Bench page', 'other', 'https://charity.example.org')`,
      [pageId, owner],
    );
    await db.query(
      `INSERT INTO profiles.owner_access (user_id, status, current_period_end, changed_at)
       VALUES ($1, 'active', now() + interval '30 days', now())`,
      [owner],
    );
    await db.query(
      `INSERT INTO fitness.activities (user_id, source, name, sport_type, distance_meters, duration_seconds,
         elevation_gain_meters, start_date, start_date_local, visible_to_all)
       SELECT $1, 'manual', 'Run', 'Run', 10000, 3000, 0,
         (current_date - d) + time '07:00', (current_date - d) + time '07:00', true
       FROM generate_series(1, 90) AS d`,
      [owner],
    );
    await db.query(
      `INSERT INTO profiles.pledges (runner_profile_id, name, email, rate_per_unit, cap, counts, unit, currency, status,
         confirmed_at, confirmed_on)
       SELECT $1, 'Supporter ' || g, 'live-' || g || '@example.com', 0.25 + (g % 7), CASE WHEN g % 5 = 0 THEN 100 END,
         'training', 'mi', 'USD', 'active', now(), current_date - (g % 90)
       FROM generate_series(1, $2) AS g`,
      [pageId, pageSize],
    );
    // The requester speaks on this run's subjects.
    process.env.NATS_SUBJECT_PREFIX = run.env.NATS_SUBJECT_PREFIX;
    process.env.NATS_URL = run.env.NATS_URL;
    const nats = await natsRequester();
    const read = async () => {
      const reply = await nats.request(
        'profiles.pledge.list-public',
        { runnerProfileId: pageId, userId: null, page: 1 },
        30_000,
      );
      if (reply.err) throw new Error(`list-public answered ${JSON.stringify(reply.err)}`);
      return reply.response;
    };
    // Both processes up and warm.
    for (;;) {
      try {
        await read();
        break;
      } catch {
        await sleep(250);
      }
    }
    for (let i = 0; i < 3; i++) await read();
    const reads = [];
    const updates = [];
    for (let i = 0; i < samples; i++) {
      const before = (await read()).summary.earned;
      const t0 = performance.now();
      await db.query(
        `INSERT INTO fitness.activities (user_id, source, name, sport_type, distance_meters, duration_seconds,
           elevation_gain_meters, start_date, start_date_local, visible_to_all)
         VALUES ($1, 'manual', 'New run', 'Run', 5000, 1500, 0, now(), now(), true)`,
        [owner],
      );
      const t1 = performance.now();
      const after = await read();
      const t2 = performance.now();
      if (after.summary.earned === before && after.pledges.every((p) => p.earned === p.cap))
        throw new Error('the new run did not change what the pledges earned');
      // The first page of the list; the summary is of all of them.
      if (after.pledges.length !== Math.min(pageSize, 50) || after.summary.count !== pageSize)
        throw new Error(`read ${after.pledges.length} pledges of ${after.summary.count}`);
      updates.push(t2 - t0);
      reads.push(t2 - t1);
    }
    await nats.close();
    const at = (list, q) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))];
    console.table([
      {
        'page pledges': pageSize,
        samples,
        'run stored → earned shown, median ms': Math.round(at(updates, 0.5)),
        'p95 ms': Math.round(at(updates, 0.95)),
        'read of the page, median ms': Math.round(at(reads, 0.5)),
      },
    ]);
    console.log(`load average at the end: ${load()}`);
  } finally {
    await Promise.all(services.map((p) => p.stop()));
    rmSync(env.OUTBOX_DIR, { recursive: true, force: true });
    await bench.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runPledgesBench();
