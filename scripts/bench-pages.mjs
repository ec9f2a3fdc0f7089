// Random uncached runner page reads through the gateway at 1,000 published pages and at many
// (BENCH_PAGES, default 1,000,000 with BENCH_MILLION=1), issue #15: the cost must not grow with the
// data. The pages are written with COPY straight into the bench's own database (profiles'
// tables: the page, its owner's lifetime access), then read at random through a stack whose page
// cache keeps nothing (PROFILE_VIEW_CACHE_TTL_MS=0), with BENCH_PAGES_CONNECTIONS (default 20)
// connections. EXPLAIN (ANALYZE) of the page read, the dashboard's list of a runner's pages and a
// page's donation history at that size shows the indexes they use.
import './lib/node-runtime.mjs';
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { freePort, startStack } from './lib/stack.mjs';

const { from: copyFrom } = copyStreams;

/** `count` published pages, one runner each: slugs `${stem}<n>` for n in [first, first + count). */
export async function seedPages(databaseUrl, stem, first, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  try {
    const users = [];
    const pageRows = Readable.from(
      (function* () {
        const batch = 2000;
        for (let n = first; n < first + count; n += batch) {
          let chunk = '';
          for (let i = n; i < Math.min(n + batch, first + count); i += 1) {
            const userId = randomUUID();
            users.push(userId);
            chunk += `${randomUUID()}\t${userId}\t${stem}${i}\tBench Runner ${i}\tBench Marathon\t2027-10-10\tA bench page.\tother\thttps://example.org/give/${i}\n`;
          }
          yield chunk;
        }
      })(),
    );
    await pipeline(
      pageRows,
      client.query(
        copyFrom(
          `COPY profiles.runner_profiles (id, user_id, url_slug, name, marathon_name, marathon_date, description, donation_platform, charity_link) FROM STDIN`,
        ),
      ),
    );
    const accessRows = Readable.from(
      (function* () {
        for (let i = 0; i < users.length; i += 5000) {
          yield users
            .slice(i, i + 5000)
            .map((userId) => `${userId}\tlifetime\t\\N\t2026-01-01T00:00:00Z\n`)
            .join('');
        }
      })(),
    );
    await pipeline(
      accessRows,
      client.query(copyFrom(`COPY profiles.owner_access (user_id, status, current_period_end, changed_at) FROM STDIN`)),
    );
    await client.query('ANALYZE profiles.runner_profiles');
    await client.query('ANALYZE profiles.owner_access');
    return { seconds: (Date.now() - started) / 1000, someUser: users[users.length >> 1] };
  } finally {
    await client.end();
  }
}

function randomReads(url, stem, count, duration, connections) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `/api/runner-profile/${stem}${Math.floor(Math.random() * count)}`,
            }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function explain(databaseUrl, label, sql, params) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
    console.log(`\nEXPLAIN ANALYZE, ${label}:\n${rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
  } finally {
    await client.end();
  }
}

export async function runPagesBench(runEnv) {
  const total = Number(process.env.BENCH_PAGES ?? 1_000_000);
  const small = Math.min(1000, total);
  const connections = Number(process.env.BENCH_PAGES_CONNECTIONS ?? 20);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const stem = `bp${Date.now().toString(36)}-`;
  const stack = await startStack({
    env: { ...runEnv, LOG_LEVEL: 'warn', RPC_VALIDATE_RESPONSES: 'false', PROFILE_VIEW_CACHE_TTL_MS: '0' },
    port: await freePort(),
    readyTimeoutMs: 180_000,
  });
  try {
    const rows = [];
    const summary = (pages, result) => ({
      pages,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    });
    const seeded = await seedPages(runEnv.DATABASE_URL, stem, 0, small);
    await randomReads(stack.url, stem, small, 2, connections); // warm-up
    const atSmall = await randomReads(stack.url, stem, small, duration, connections);
    rows.push(summary(small, atSmall));
    let atTotal = atSmall;
    let someUser = seeded.someUser;
    if (total > small) {
      const more = await seedPages(runEnv.DATABASE_URL, stem, small, total - small);
      someUser = more.someUser;
      console.log(`seeded ${total} published pages with COPY in ${(seeded.seconds + more.seconds).toFixed(1)} s`);
      await randomReads(stack.url, stem, total, 2, connections); // warm-up
      atTotal = await randomReads(stack.url, stem, total, duration, connections);
      rows.push(summary(total, atTotal));
    }
    console.log(`\nrandom uncached runner page reads through the gateway, ${connections} connections`);
    console.table(rows);
    console.log(
      `at ${total} pages / at ${small}: ${(atTotal.requests.average / atSmall.requests.average).toFixed(2)} ` +
        `(aim ≥ 3,000 req/s, p99 ≤ 30 ms at 20 connections, not growing with the data)`,
    );
    await explain(
      runEnv.DATABASE_URL,
      'the public page read (by slug, with its owner access)',
      `SELECT p.*, a.status, a.current_period_end FROM profiles.runner_profiles p
         LEFT JOIN profiles.owner_access a ON a.user_id = p.user_id WHERE p.url_slug = $1`,
      [`${stem}${total >> 1}`],
    );
    await explain(
      runEnv.DATABASE_URL,
      "the dashboard (a runner's pages, newest first, with their access)",
      `SELECT p.*, a.status FROM profiles.runner_profiles p LEFT JOIN profiles.owner_access a ON a.user_id = p.user_id
        WHERE p.user_id = $1 ORDER BY p.created_at DESC, p.id`,
      [someUser],
    );
    await explain(
      runEnv.DATABASE_URL,
      "a page's donation history (newest first)",
      `SELECT d.* FROM profiles.donations d JOIN profiles.runner_profiles p ON p.id = d.runner_profile_id
        WHERE p.url_slug = $1 ORDER BY d.donated_at DESC, d.id LIMIT 50`,
      [`${stem}${total >> 1}`],
    );
  } finally {
    await stack.stop();
  }
}
