// Activity files bench (`npm run bench`, BENCH_FILES=0 skips it): a 10 MB GPX file.
//   1. parse time: the reading function alone in this process (median of 3), and an upload's round
//      trip through the gateway (multipart, the reading thread, fitness's duplicate check);
//   2. the p99 of a light request (GET /api/health/live, autocannon, BENCH_FILES_CONNECTIONS, default
//      10) while nothing is uploaded, then while 10 MB files are uploaded one after another (a file is
//      always being read), and their ratio: reading happens on a worker thread, so what is left is
//      the machine's CPU being shared, not the event loop being held.
import './lib/node-runtime.mjs';
import { createTestRun } from './lib/test-run.mjs';
import { accessCookieOf, load as loadFor, startBenchStack, summary } from './lib/bench-kit.mjs';
import { bigGpx } from '../services/gateway/test/fixtures/activity-files/generate.mjs';

const TEN_MB = 10 * 1024 * 1024;
const connections = Number(process.env.BENCH_FILES_CONNECTIONS ?? 10);
const duration = Number(process.env.BENCH_DURATION ?? 10);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const load = (url) => loadFor(url, { connections, duration });

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
  const { parseBytes } = await import('../services/gateway/dist/fitness/activity-files/parse.worker.js');
  const parseMs = [];
  for (let i = 0; i < 3; i++) {
    const result = parseBytes(bytes, 'ultra.gpx');
    if (!result.ok) throw new Error(`the bench file could not be read: ${result.reason}`);
    parseMs.push(result.parseMs);
  }

  const run = createTestRun('benchfiles');
  await run.setUp();
  let stack;
  try {
    stack = await startBenchStack(run, { RATE_LIMIT_ACTIVITY_UPLOADS_PER_USER: '100000' });
    const cookie = await accessCookieOf(stack.url);
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

    console.log(`\nactivity files: a ${(bytes.length / 1024 / 1024).toFixed(1)} MB GPX file`);
    console.table([
      summary('GET /api/health/live, nothing uploaded', quiet),
      summary('GET /api/health/live, 10 MB files uploaded one after another', busy),
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
