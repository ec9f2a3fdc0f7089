// Fundraising totals sync bench: N published pages (default 10,000) on the DonorDrive emulator,
// read by two profiles worker processes (services/profiles/dist/worker.js).
//   pass 1: every page read for the first time: wall time, requests (participant + donations);
//   pass 2: nothing changed: every read answered 304 (If-None-Match), wall time, requests;
//   latency: a donation made in the emulator, the owner's refresh, the new total stored for the page.
// Scale: BENCH_TOTALS_PAGES (10000), BENCH_TOTALS_WORKERS (2), BENCH_TOTALS_CONCURRENCY (16 jobs per
// worker), BENCH_TOTALS_LATENCY_SAMPLES (20).
import './lib/node-runtime.mjs';
import { startDonorDriveEmulator } from '@runpledge/emulators';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { startQueueBench } from './lib/queue-bench.mjs';
import { migrateAll } from './lib/stack.mjs';

const int = (name, fallback) => Number(process.env[name] ?? fallback);
const QUEUE = 'totals-sync';

export async function runTotalsSyncBench({
  pages = int('BENCH_TOTALS_PAGES', 10_000),
  workers = int('BENCH_TOTALS_WORKERS', 2),
  concurrency = int('BENCH_TOTALS_CONCURRENCY', 16),
  samples = int('BENCH_TOTALS_LATENCY_SAMPLES', 20),
} = {}) {
  const bench = await startQueueBench('benchtotals', QUEUE);
  const { run, db, queue } = bench;
  const emulator = await startDonorDriveEmulator({ port: 0 });
  const minIntervalMs = 1000;
  const env = {
    ...run.env,
    LOG_LEVEL: 'warn',
    DONORDRIVE_BASE_URL: emulator.url,
    // The emulator is a local address: allowed by name, as the stack allows its emulators.
    PLATFORM_EMULATOR_ORIGINS: emulator.url,
    TOTALS_SYNC_CONCURRENCY: String(concurrency),
    // One emulator stands for the many DonorDrive sites of real pages: no per-host share here.
    TOTALS_PER_HOST_CONCURRENCY: String(concurrency),
    // The scheduled pass spreads over a day here: the bench drives the queue itself.
    TOTALS_SYNC_EVERY_SECONDS: '86400',
    TOTALS_MIN_INTERVAL_MS: String(minIntervalMs),
    TOTALS_RETRY_DELAY_MS: '1000',
  };
  const ids = [];

  async function seed() {
    const owners = [];
    const participants = [];
    for (let i = 0; i < pages; i++) {
      const page = emulator.ledger.create(String(100_000 + i), `Runner ${i}`, 1000, 'USD');
      if (i % 2 === 0) emulator.ledger.donate(page.key, { amount: 25, name: `Donor ${i}`, message: 'Go!' });
      ids.push(randomUUID());
      owners.push(randomUUID());
      participants.push(page.key);
    }
    await db.query(
      `INSERT INTO profiles.runner_profiles (id, user_id, url_slug, name, marathon_name, marathon_date, description,
         donation_platform, donor_drive_event_url, donor_drive_participant_id, totals_source)
       SELECT id, owner, 'bench-' || participant, 'Runner', 'Bench Marathon', '2099-10-10', 'Bench page',
         'donordrive', 'https://events.example.org/e', participant, 'donordrive'
       FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS t(id, owner, participant)`,
      [ids, owners, participants],
    );
    await db.query(
      `INSERT INTO profiles.owner_access (user_id, status, current_period_end, changed_at)
       SELECT owner, 'active', now() + interval '30 days', now() FROM unnest($1::uuid[]) AS t(owner)`,
      [owners],
    );
  }
  const syncedSince = async (since) =>
    (
      await db.query(
        `SELECT count(*)::int AS n FROM profiles.runner_profiles WHERE totals_source = 'donordrive' AND totals_synced_at >= $1`,
        [since],
      )
    ).rows[0].n;
  async function pass(label) {
    const before = { ...emulator.stats };
    const since = new Date();
    const started = Date.now();
    await queue.addBulk(
      ids.map((profileId) => ({
        name: 'sync-page',
        data: { profileId, reason: 'refresh' },
        opts: {
          deduplication: { id: `totals-refresh-${profileId}` },
          attempts: 6,
          backoff: { type: 'exponential', delay: 1000 },
        },
      })),
    );
    while ((await syncedSince(since)) < ids.length) await sleep(250);
    const elapsedMs = Date.now() - started;
    const requests = emulator.stats.requests - before.requests;
    const notModified = emulator.stats.notModified - before.notModified;
    return {
      pass: label,
      pages: ids.length,
      'wall s': (elapsedMs / 1000).toFixed(1),
      'pages/s': Math.round(ids.length / (elapsedMs / 1000)),
      requests,
      '304s': notModified,
      'other requests': requests - notModified,
    };
  }

  try {
    await migrateAll(run.env);
    console.log(`\nTotals sync: ${pages} published DonorDrive pages, ${workers} workers × ${concurrency} jobs`);
    // The machine may be shared: the figures mean little without how busy it was.
    const load = () =>
      loadavg()
        .map((n) => n.toFixed(1))
        .join(' ');
    console.log(`load average at start: ${load()}`);
    await seed();
    await bench.startWorkers('profiles-worker', env, workers);
    const first = await pass('first read');
    await sleep(minIntervalMs + 100);
    const second = await pass('unchanged (ETag)');
    console.table([first, second]);
    console.log(`load average after both passes: ${load()}`);

    // Donation in the emulator → owner's refresh → the new total stored for the page.
    const latencies = [];
    for (let i = 0; i < samples; i++) {
      const index = Math.floor((i * ids.length) / samples);
      const profileId = ids[index];
      const key = String(100_000 + index);
      const started = Date.now();
      emulator.ledger.donate(key, { amount: 10, name: 'Bench donor' });
      const expected = emulator.ledger.raised(emulator.ledger.mustGet(key)).toFixed(2);
      await queue.add(
        'sync-page',
        { profileId, reason: 'refresh' },
        { deduplication: { id: `totals-refresh-${profileId}` } },
      );
      for (;;) {
        const row = await db.query('SELECT funds_raised FROM profiles.runner_profiles WHERE id = $1', [profileId]);
        if (row.rows[0].funds_raised === expected) break;
        await sleep(20);
      }
      latencies.push(Date.now() - started);
    }
    latencies.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    console.table([
      {
        'donation → new total (refresh)': `${samples} samples`,
        'median ms': at(0.5),
        'p95 ms': at(0.95),
        'max ms': latencies.at(-1),
      },
    ]);
    console.log(
      'Without a refresh, the scheduled pass reads every published page once per TOTALS_SYNC_EVERY_SECONDS (300 s by default), so a donation shows within that interval plus the read above.',
    );
  } finally {
    await bench.close(emulator);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runTotalsSyncBench();
