// Activity files bench (`npm run bench`, BENCH_FILES=0 skips it): a 10 MB GPX file.
//   1. parse time: the reading function alone in this process (median of 3), and an upload's round
//      trip through the gateway (multipart, the reading thread, fitness's duplicate check);
//   2. the p99 of a light request (GET /api/health/live, autocannon, BENCH_FILES_CONNECTIONS, default
//      10) while nothing is uploaded, then while 10 MB files are uploaded one after another (a file is
//      always being read), and their ratio: reading happens on a worker thread, so what is left is
//      the machine's CPU being shared, not the event loop being held.
import './lib/node-runtime.mjs';
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { freePort } from './jest/helpers.mjs';
import { migrateAll, startStack } from './lib/stack.mjs';
import { createTestRun } from './lib/test-run.mjs';
import { bigGpx } from '../services/gateway/test/fixtures/activity-files/generate.mjs';

const TEN_MB = 10 * 1024 * 1024;
const connections = Number(process.env.BENCH_FILES_CONNECTIONS ?? 10);
const duration = Number(process.env.BENCH_DURATION ?? 10);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function upload(base, cookie, bytes) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'ultra.gpx');
  const started = performance.now();
  const res = await fetch(`${base}/api/activities/upload`, {
    method: 'POST',
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: form,
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

export async function runActivityFilesBench() {
  const bytes = new TextEncoder().encode(bigGpx(TEN_MB - 64 * 1024));
  const { default: parse } = await import('../services/gateway/dist/fitness/activity-files/parse.worker.js');
  const parseMs = [];
  for (let i = 0; i < 3; i++) {
    const result = parse({ bytes, fileName: 'ultra.gpx' });
    if (!result.ok) throw new Error(`the bench file could not be read: ${result.reason}`);
    parseMs.push(result.parseMs);
  }

  const run = createTestRun('benchfiles');
  await run.setUp();
  let stack;
  try {
    await migrateAll(run.env);
    stack = await startStack({
      env: {
        ...run.env,
        LOG_LEVEL: 'warn',
        RPC_VALIDATE_RESPONSES: 'false',
        RATE_LIMIT_ACTIVITY_UPLOADS_PER_USER: '100000',
      },
      port: await freePort(),
      readyTimeoutMs: 180_000,
    });
    const signup = await fetch(`${stack.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-files-${randomUUID()}@example.com`, password: 'Secret123' }),
    });
    const cookie = signup.headers.get('set-cookie').split(';')[0];
    const light = `${stack.url}/api/health/live`;

    // Warm-ups: the reading thread starts on the first file.
    const first = await upload(stack.url, cookie, bytes);
    if (first.status !== 201) throw new Error(`the first upload answered ${first.status}`);
    await load(light);

    const quiet = await load(light);
    let uploading = true;
    const roundTrips = [];
    const uploads = (async () => {
      while (uploading) roundTrips.push(await upload(stack.url, cookie, bytes));
    })();
    const busy = await load(light);
    uploading = false;
    await uploads;

    const row = (name, result) => ({
      name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    });
    console.log(`\nactivity files: a ${(bytes.length / 1024 / 1024).toFixed(1)} MB GPX file`);
    console.table([
      row('GET /api/health/live, nothing uploaded', quiet),
      row('GET /api/health/live, 10 MB files uploaded one after another', busy),
    ]);
    const statuses = [...new Set(roundTrips.map((r) => r.status))].join(', ');
    console.log(
      `parse of the 10 MB GPX (reading function alone): ${median(parseMs).toFixed(0)} ms (median of 3)\n` +
        `upload round trip (multipart, reading thread, fitness): ${median([first, ...roundTrips].map((r) => r.ms)).toFixed(0)} ms ` +
        `(median of ${roundTrips.length + 1}; answers ${first.status}, ${statuses || 'none'})\n` +
        `light request p99 while files are read / without: ${busy.latency.p99} / ${quiet.latency.p99} ms = ` +
        `${(busy.latency.p99 / Math.max(1, quiet.latency.p99)).toFixed(2)}x; ` +
        `throughput ${(busy.requests.average / quiet.requests.average).toFixed(2)} of the quiet one`,
    );
  } finally {
    await stack?.stop();
    await run.tearDown();
  }
}

if (process.argv[1]?.endsWith('bench-activity-files.mjs')) await runActivityFilesBench();
