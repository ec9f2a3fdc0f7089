// Profiles one read under load: starts an isolated stack with every process able to sample itself
// (lib/cpu-prof-preload.mjs: NODE_OPTIONS may not carry --cpu-prof),
// seeds the bench's published page, sends PROFILE_REQUESTS requests (default 20,000) with autocannon
// (PROFILE_CONNECTIONS, default 50) and prints, per process, the CPU ms per request spent while the
// load ran and the functions and packages that took it.
//   node scripts/profile-read.mjs [fitness|fitness-signed-in|fitness-owner|ready|page|page-uncached]
// (fitness-owner: a runner reading the training summary of their own page, which is unpublished)
// (page-uncached: random runner pages among PROFILE_PAGES (default 1,000) seeded with COPY, through a
// gateway whose page cache keeps nothing (PROFILE_VIEW_CACHE_TTL_MS=0), as the bench's random
// uncached page reads: random, since concurrent misses for one slug share one request)
// PROFILE_DIR keeps the .cpuprofile files (default: a temporary folder).
// PROFILE_OTEL_SAMPLER_ARG=<ratio>: the stack traces as bench.mjs's OpenTelemetry case does (OTLP to its
// receiver, in a process of its own, parent-based trace-id ratio sampling at <ratio>).
import './lib/node-runtime.mjs';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { seedPages } from './bench-pages.mjs';
import { freePort, migrateAll, startStack } from './lib/stack.mjs';
import { accessCookieOf, load as loadFor } from './lib/bench-kit.mjs';
import { browserCookieOf, publishRunnerPage, seedRunnerPage } from './lib/runner-page-seed.mjs';
import { createTestRun } from './lib/test-run.mjs';
import { summariseCpuProfile } from './lib/cpu-profile-summary.mjs';

const which = process.argv[2] ?? 'fitness';
const requests = Number(process.env.PROFILE_REQUESTS ?? 20_000);
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 50);
/** PROFILE_SAMPLES=0: CPU time from /proc only, without the sampling profiler's own cost. */
const sampling = process.env.PROFILE_SAMPLES !== '0';
const dir = process.env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'rp-prof-'));

/** CPU ms (user + system) a process has used so far (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** `randomPath()`, when given, picks each request's path. */
/**
 * The shared servers' processes (NATS, PostgreSQL: one backend per connection, so taken after the
 * warm-up, when the stack's pools are open). Their CPU includes whatever else the machine runs.
 */
function sharedServerPids() {
  const found = new Map();
  for (const name of ['nats-server', 'postgres']) {
    let out;
    try {
      out = execFileSync('pgrep', ['-x', name], { encoding: 'utf8' });
    } catch {
      continue; // none
    }
    for (const pid of out.split('\n').filter(Boolean)) found.set(Number(pid), `(shared) ${name}`);
  }
  return found;
}

function load(url, amount, headers = {}, randomPath = undefined) {
  const requests = randomPath ? [{ setupRequest: (request) => ({ ...request, path: randomPath() }) }] : undefined;
  return loadFor(url, { connections, amount, headers, requests });
}

/** bench.mjs's OTLP receiver in its own process: its URL, and how to stop it. */
async function startOtlpReceiver() {
  const child = spawn(process.execPath, [new URL('./bench.mjs', import.meta.url).pathname, 'otlp-receiver'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = line.match(/listening on (\S+)/);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`otlp receiver exited (code ${code})`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

const samplerArg = process.env.PROFILE_OTEL_SAMPLER_ARG;
const receiver = samplerArg ? await startOtlpReceiver() : undefined;
const run = createTestRun('prof');
await run.setUp();
const pool = new pg.Pool({ connectionString: run.env.DATABASE_URL, max: 2 });
let stack;
const pids = new Map();
const cpuMs = new Map();
const sharedMs = new Map();
let result;
try {
  await migrateAll(run.env);
  stack = await startStack({
    env: {
      ...run.env,
      LOG_LEVEL: 'warn',
      RPC_VALIDATE_RESPONSES: 'false',
      ...(which === 'page-uncached' ? { PROFILE_VIEW_CACHE_TTL_MS: '0' } : {}),
      ...(receiver
        ? {
            OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
            OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
            OTEL_TRACES_SAMPLER_ARG: samplerArg,
            OTEL_METRICS_EXPORTER: 'none',
            OTEL_LOGS_EXPORTER: 'none',
          }
        : {}),
      ...(sampling
        ? {
            NODE_OPTIONS: `--import=${new URL('./lib/cpu-prof-preload.mjs', import.meta.url).pathname}`,
            CPU_PROF_DIR: dir,
          }
        : {}),
    },
    port: await freePort(),
    readyTimeoutMs: 240_000,
  });
  for (const [name, proc] of stack.processes) pids.set(proc.child.pid, name);
  const page = await seedRunnerPage(stack.url);
  await publishRunnerPage(stack.url, stack.env, page, 120_000);
  await pool.query(
    `INSERT INTO fitness.strava_connections (user_id, athlete_id, access_token, refresh_token, token_expires_at, training_start_date)
     VALUES ($1, '1', 'v1.x', 'v1.x', now(), '2026-06-01')`,
    [page.user.id],
  );
  for (let tries = 0; ; tries += 1) {
    const { rowCount } = await pool.query('SELECT 1 FROM fitness.fitness_profiles WHERE profile_id = $1', [
      page.profile.id,
    ]);
    if (rowCount) break;
    if (tries > 600) throw new Error('fitness never learnt of the page');
    await sleep(100);
  }
  // fitness-owner: a second runner's page, never published, read by that runner.
  const own = which === 'fitness-owner' ? await seedRunnerPage(stack.url) : undefined;
  if (own) {
    await pool.query(
      `INSERT INTO fitness.strava_connections (user_id, athlete_id, access_token, refresh_token, token_expires_at, training_start_date)
       VALUES ($1, '2', 'v1.x', 'v1.x', now(), '2026-06-01')`,
      [own.user.id],
    );
    for (let tries = 0; ; tries += 1) {
      const { rowCount } = await pool.query('SELECT 1 FROM fitness.fitness_profiles WHERE profile_id = $1', [
        own.profile.id,
      ]);
      if (rowCount) break;
      if (tries > 600) throw new Error('fitness never learnt of the owner page');
      await sleep(100);
    }
  }
  const url = {
    fitness: `${stack.url}/api/fitness-profile/${page.profile.id}`,
    'fitness-signed-in': `${stack.url}/api/fitness-profile/${page.profile.id}`,
    'fitness-owner': `${stack.url}/api/fitness-profile/${own?.profile.id}`,
    ready: `${stack.url}/api/health/ready`,
    page: `${stack.url}/api/runner-profile/${page.profile.urlSlug}`,
    'page-uncached': `${stack.url}/api/runner-profile/${page.profile.urlSlug}`,
  }[which];
  const headers =
    which === 'fitness-signed-in'
      ? { cookie: await accessCookieOf(stack.url) }
      : which === 'fitness-owner'
        ? { cookie: await browserCookieOf(stack.url, own.cookie) }
        : {};
  let randomPath;
  if (which === 'page-uncached') {
    const pages = Number(process.env.PROFILE_PAGES ?? 1000);
    const stem = `pp${Date.now().toString(36)}-`;
    await seedPages(run.env.DATABASE_URL, stem, 0, pages);
    randomPath = () => `/api/runner-profile/${stem}${Math.floor(Math.random() * pages)}`;
  }
  await load(url, Math.min(2000, requests), headers, randomPath); // warm-up
  const signalAll = () => {
    if (sampling) for (const pid of pids.keys()) process.kill(pid, 'SIGUSR2');
  };
  signalAll();
  await sleep(300);
  const shared = sharedServerPids();
  const before = new Map([...pids.keys(), ...shared.keys()].map((pid) => [pid, cpuMsOf(pid)]));
  const loaderBefore = process.cpuUsage();
  result = await load(url, requests, headers, randomPath);
  const loader = process.cpuUsage(loaderBefore);
  sharedMs.set('(load generator) autocannon', (loader.user + loader.system) / 1000);
  for (const pid of pids.keys()) cpuMs.set(pid, cpuMsOf(pid) - before.get(pid));
  for (const [pid, name] of shared) {
    const used = cpuMsOf(pid) - before.get(pid);
    if (Number.isFinite(used)) sharedMs.set(name, (sharedMs.get(name) ?? 0) + used);
  }
  signalAll();
  await sleep(2000);
} finally {
  await stack?.stop();
  await pool.end();
  await run.tearDown();
  if (receiver) {
    const received = await fetch(`${receiver.url}/counts`).then((res) => res.json());
    console.log(`OTLP receiver: ${JSON.stringify(received)}`);
    receiver.stop();
  }
}
const total = result.requests.total;
console.log(
  `${which}: ${total} requests, ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
    `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}; profiles in ${dir}`,
);
const rows = [];
for (const [pid, name] of pids) {
  const file = join(dir, `${pid}.cpuprofile`);
  const s =
    sampling && existsSync(file)
      ? summariseCpuProfile(file, { top: Number(process.env.PROFILE_TOP ?? 25) })
      : { busyMs: NaN };
  const cpu = cpuMs.get(pid);
  rows.push({
    name,
    'CPU ms/request (/proc)': +(cpu / total).toFixed(3),
    'sampled ms/request (profile, wall)': +(s.busyMs / total).toFixed(3),
  });
  if (!sampling || !existsSync(file) || cpu / total < 0.1) continue;
  console.log(`\n${name}: ${(cpu / total).toFixed(3)} CPU ms/request (/proc); profile shares of its samples:`);
  console.table(s.packages.slice(0, 12));
  console.table(s.functions);
}
for (const [name, ms] of sharedMs) rows.push({ name, 'CPU ms/request (/proc)': +(ms / total).toFixed(3) });
console.table(rows);
