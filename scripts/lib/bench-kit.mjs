// What every `npm run bench` part shares: autocannon runs with a warm-up, their table rows, a
// signed-in caller, the product's stack on a test run, and the bench's own helper processes.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { freePort, migrateAll, startStack } from './stack.mjs';

export const BENCH_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** One autocannon run: for `duration` seconds, or `amount` requests. */
export function load(url, { duration, amount, connections = BENCH_CONNECTIONS, headers = {}, requests } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, amount, headers, requests }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/**
 * One case: a warm-up (BENCH_WARMUP seconds, default 2, not counted), then the measured run. Without
 * it the first cases after the stack's start paid for its JIT warm-up and start-up work: the public
 * fitness read came out slower than the same read signed in, measured later (1.56x on 2026-11-25).
 */
export async function measure(url, duration, headers = {}) {
  const warmup = Number(process.env.BENCH_WARMUP ?? 2);
  if (warmup > 0) await load(url, { duration: warmup, headers });
  return load(url, { duration, headers });
}

/** A row of the bench's tables. */
export function summary(name, result) {
  return {
    name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A signed-in caller's access cookie (`name=value`), from a fresh sign-up. */
export async function accessCookieOf(base) {
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

/**
 * The product's processes on a test run's database, migrated first, as production runs them (no
 * answer validation, warnings only); `env` adds to or overrides that. A machine under load can take
 * well over a minute to start seven processes. `processEnv` adds variables to one process alone.
 */
export async function startBenchStack(run, env = {}, processEnv = {}) {
  await migrateAll(run.env);
  return startStack({
    env: { ...run.env, LOG_LEVEL: 'warn', RPC_VALIDATE_RESPONSES: 'false', ...env },
    port: await freePort(),
    readyTimeoutMs: 180_000,
    processEnv,
  });
}

/**
 * Runs `script` with the argument `mode` (a direct baseline server, a receiver) in a process of its
 * own; `url` resolves once it prints `listening on {url}`.
 */
export function startHelper(script, mode, env) {
  const child = spawn(process.execPath, [script, mode], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = line.match(/listening on (\S+)/);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`${mode} exited (code ${code})`)));
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
