// Memory bench (`npm run bench`, BENCH_MEMORY=0 skips it; `node scripts/bench-memory.mjs` alone): an
// ordinary mixed workload on a stack of its own (posters and share cards drawn, 10 MB activity files
// and small ones uploaded by several runners at once, runner pages read by autocannon), then every
// process's resident memory (VmRSS, and VmHWM: its peak) right after and after a settle period
// (BENCH_MEMORY_SETTLE_S, default 45: idle worker threads end after 10 s), each against its
// Kubernetes memory limit (k8s/base), each process run with the runtime flags its manifest gives it
// (NODE_OPTIONS, MALLOC_ARENA_MAX). Exits non-zero, loudly, when a process's peak passed its limit
// or it holds more than 80 % of it once settled.
import './lib/node-runtime.mjs';
import { readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { bigGpx, gpx } from '../services/gateway/test/fixtures/activity-files/generate.mjs';
import { load, startBenchStack } from './lib/bench-kit.mjs';
import { browserCookieOf, publishRunnerPage, seedRunnerPage } from './lib/runner-page-seed.mjs';
import { ROOT } from './lib/stack.mjs';
import { createTestRun } from './lib/test-run.mjs';

const MiB = 1024 * 1024;
/** Settled, a process keeps at most this share of its limit (room for the next spike). */
const HEADROOM = 0.8;
const RUNNERS = Number(process.env.BENCH_MEMORY_RUNNERS ?? 6);
const SETTLE_SECONDS = Number(process.env.BENCH_MEMORY_SETTLE_S ?? 45);
/** The parts of the workload to run (a comma list; all by default), to tell which one holds memory. */
const PARTS = new Set((process.env.BENCH_MEMORY_PARTS ?? 'reads,posters,cards,uploads').split(','));

/** A Kubernetes quantity (`384Mi`, `1Gi`, `512M`, bytes) in bytes. */
export function quantityBytes(quantity) {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(String(quantity));
  if (!match) throw new Error(`not a memory quantity: ${quantity}`);
  const unit = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[match[2]] ?? 1;
  return Number(match[1]) * unit;
}

/** Variables of a manifest's container read by the runtime itself (Node's flags, glibc's allocator). */
const RUNTIME_ENV = ['NODE_OPTIONS', 'MALLOC_ARENA_MAX'];

/**
 * Deployment (or Job) name -> its containers' memory limit in bytes and the runtime variables its
 * container sets, from every k8s/base manifest: the bench runs each process as it is deployed.
 */
export function deployedProcesses(dir = `${ROOT}k8s/base`) {
  const deployed = new Map();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.yaml'))) {
    for (const doc of parseAllDocuments(readFileSync(`${dir}/${file}`, 'utf8'))) {
      const object = doc.toJS();
      const containers = object?.spec?.template?.spec?.containers;
      if (!containers) continue;
      const limit = containers.reduce((sum, c) => sum + quantityBytes(c.resources?.limits?.memory ?? NaN), 0);
      const env = Object.fromEntries(
        containers
          .flatMap((c) => c.env ?? [])
          .filter((v) => RUNTIME_ENV.includes(v.name) && typeof v.value === 'string')
          .map((v) => [v.name, v.value]),
      );
      deployed.set(object.metadata.name, { limit, env });
    }
  }
  return deployed;
}

/** `VmRSS` and `VmHWM` (the peak) of a process, in bytes. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

function snapshot(stack) {
  return new Map(
    [...stack.processes].map(([name, proc]) => [name, proc.child.exitCode === null ? memoryOf(proc.child.pid) : null]),
  );
}

async function upload(base, cookie, bytes, fileName) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), fileName);
  const res = await fetch(`${base}/api/activities/upload`, {
    method: 'POST',
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: form,
  });
  await res.arrayBuffer();
  return res.status;
}

async function get(url, cookie) {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  await res.arrayBuffer();
  return res.status;
}

/** Posters, share cards, uploads and page reads at once, as a busy hour brings them. */
async function mixedWorkload(stack, pages, published) {
  const statuses = {};
  const count = (what) => (status) => {
    const key = `${what} ${status}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
  };
  const big = new TextEncoder().encode(bigGpx(10 * MiB - 64 * 1024));
  const base = stack.url;
  const work = [
    PARTS.has('reads') &&
      load(`${base}/api/runner-profile/${published.profile.urlSlug}`, { duration: 15, connections: 20 }).then(
        (result) => count('page reads 2xx')(result.requests.total - result.non2xx),
      ),
    ...pages.flatMap((page, i) => [
      PARTS.has('posters') &&
        get(`${base}/api/runner-profile/${page.profile.id}/poster.pdf`, page.cookie).then(count('poster.pdf')),
      PARTS.has('posters') &&
        get(`${base}/api/runner-profile/${page.profile.id}/poster.png`, page.cookie).then(count('poster.png')),
      PARTS.has('uploads') && upload(base, page.cookie, big, `ultra-${i}.gpx`).then(count('10 MB upload')),
      PARTS.has('uploads') &&
        upload(
          base,
          page.cookie,
          gpx({ start: Date.parse('2026-10-01T07:00:00Z') + i * 86_400_000 }),
          `run-${i}.gpx`,
        ).then(count('small upload')),
    ]),
    PARTS.has('cards') &&
      get(`${base}/api/runner-profile/${published.profile.urlSlug}/og-image.png`).then(count('share card')),
    PARTS.has('cards') && get(`${base}/api/og-image.png`).then(count('site card')),
  ];
  await Promise.all(work);
  // A second wave once the first is through: the drawing and reading threads are warm, not new.
  await Promise.all(
    pages.flatMap((page, i) => [
      PARTS.has('uploads') && upload(base, page.cookie, big, `ultra-again-${i}.gpx`).then(count('10 MB upload')),
      PARTS.has('posters') &&
        get(`${base}/api/runner-profile/${page.profile.id}/poster.png`, page.cookie).then(count('poster.png')),
    ]),
  );
  return statuses;
}

export async function runMemoryBench() {
  const deployed = deployedProcesses();
  const run = createTestRun('benchmem');
  await run.setUp();
  let stack;
  let failed = false;
  try {
    stack = await startBenchStack(
      run,
      { RATE_LIMIT_ACTIVITY_UPLOADS_PER_USER: '100000', RATE_LIMIT_POSTER_RENDERS_PER_USER: '100000' },
      Object.fromEntries([...deployed].map(([name, { env }]) => [name, env])),
    );
    const pages = [];
    for (let i = 0; i < RUNNERS; i += 1) {
      const page = await seedRunnerPage(stack.url);
      pages.push({ ...page, cookie: await browserCookieOf(stack.url, page.cookie) });
      await sleep(5); // slugs are made of the time
    }
    await publishRunnerPage(stack.url, stack.env, pages[0], 120_000);
    const started = snapshot(stack);
    const statuses = await mixedWorkload(stack, pages, pages[0]);
    const after = snapshot(stack);
    console.log(`\nmemory: mixed workload done (${JSON.stringify(statuses)}); settling for ${SETTLE_SECONDS} s`);
    await sleep(SETTLE_SECONDS * 1000);
    const settled = snapshot(stack);

    const mb = (bytes) => (bytes === undefined || Number.isNaN(bytes) ? '-' : Math.round(bytes / MiB));
    const rows = [];
    const problems = [];
    for (const [name] of stack.processes) {
      const limit = deployed.get(name)?.limit;
      const [before, now, calm] = [started.get(name), after.get(name), settled.get(name)];
      if (!now || !calm) {
        problems.push(`${name} exited during the workload`);
        continue;
      }
      const share = limit ? calm.rss / limit : undefined;
      rows.push({
        process: name,
        'limit MiB': limit ? mb(limit) : '(none: not deployed)',
        'RSS before MiB': mb(before?.rss),
        'RSS after MiB': mb(now.rss),
        'peak MiB': mb(calm.peak),
        'settled MiB': mb(calm.rss),
        'settled % of limit': share === undefined ? '-' : Math.round(share * 100),
      });
      if (!limit) continue;
      if (calm.peak > limit) problems.push(`${name}: peak ${mb(calm.peak)} MiB passed its limit of ${mb(limit)} MiB`);
      if (share > HEADROOM)
        problems.push(`${name}: holds ${mb(calm.rss)} MiB settled, over ${HEADROOM * 100} % of its ${mb(limit)} MiB`);
    }
    console.table(rows);
    if (problems.length > 0) {
      failed = true;
      console.error(`\nMEMORY OVER THE MANIFESTS' LIMITS:\n  ${problems.join('\n  ')}\n`);
    } else console.log(`every process within its limit, settled under ${HEADROOM * 100} % of it`);
  } finally {
    await stack?.stop();
    await run.tearDown();
  }
  if (failed) process.exitCode = 1;
  return !failed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMemoryBench();
