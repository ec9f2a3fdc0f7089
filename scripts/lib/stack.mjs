// Starts and stops the whole product (migrations, services, gateway) as child processes.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../jest/helpers.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVICES = ['identity', 'profiles', 'billing', 'fitness'];
/** Processes that are not a service's main.js. */
const ENTRIES = {
  'fitness-worker': 'services/fitness/dist/worker.js',
  emulators: 'tools/emulators/dist/main.js',
};
const entry = (name) => `${ROOT}${ENTRIES[name] ?? `services/${name}/dist/main.js`}`;

/** The local Stripe and Strava emulators stand in whenever real keys are missing (README). */
export function needsEmulators(env) {
  return !(env.STRIPE_SECRET_KEY && env.STRAVA_CLIENT_ID && env.STRAVA_CLIENT_SECRET);
}

export function servicesBuilt() {
  return [...SERVICES, 'gateway', 'fitness-worker', 'emulators'].every((name) => existsSync(entry(name)));
}

export function isBuilt() {
  return servicesBuilt() && existsSync(`${ROOT}web/dist/index.html`);
}

/** Runs every service's migrations (each in its own schema), one after another. */
export async function migrateAll(env, log = () => {}) {
  for (const name of SERVICES) {
    await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [entry(name), 'migrate'], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      pipeLines(child, name, log);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${name} migrations failed (exit ${code})`)),
      );
    });
  }
}

function pipeLines(child, name, log) {
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => log(name, line));
  }
}

/**
 * Starts one process of the stack. Returns a handle whose `stop()` sends SIGTERM and resolves on exit
 * (SIGKILL after `killAfterMs`).
 */
export function startProcess(name, env, log = () => {}) {
  const child = spawn(process.execPath, [entry(name)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pipeLines(child, name, log);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    name,
    child,
    exited,
    async stop(killAfterMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

export async function waitForReady(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = err.message;
    }
    await sleep(250);
  }
  throw new Error(`the stack did not become ready in ${timeoutMs} ms: ${last}`);
}

/**
 * Starts the emulators (when no real keys are set), the four services, the fitness sync worker and the
 * gateway, waits for readiness, returns handles to stop them.
 */
export async function startStack({ env, port, log = () => {}, readyTimeoutMs = 60_000 }) {
  const processes = new Map();
  // OAuth returns and Strava's webhook pushes come back to this stack's own port.
  const fullEnv = { ...env, PORT: String(port), PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${port}` };
  if (needsEmulators({ ...process.env, ...env })) {
    // Ports the caller did not name are free ones, so test stacks never collide with `npm start`.
    fullEnv.STRAVA_EMULATOR_PORT ||= String(await freePort());
    fullEnv.STRIPE_EMULATOR_PORT ||= String(await freePort());
    fullEnv.STRAVA_BASE_URL ??= `http://127.0.0.1:${fullEnv.STRAVA_EMULATOR_PORT}`;
    processes.set('emulators', startProcess('emulators', fullEnv, log));
  }
  for (const name of SERVICES) processes.set(name, startProcess(name, fullEnv, log));
  processes.set('fitness-worker', startProcess('fitness-worker', fullEnv, log));
  processes.set('gateway', startProcess('gateway', fullEnv, log));
  const url = `http://127.0.0.1:${port}`;
  const stack = {
    url,
    env: fullEnv,
    processes,
    /** Restarts one process (e.g. a service after a test stopped it). */
    restart(name) {
      processes.set(name, startProcess(name, fullEnv, log));
      return processes.get(name);
    },
    async stop() {
      // Gateway first so nothing new arrives, then the services.
      await processes.get('gateway')?.stop();
      await Promise.all([...SERVICES, 'fitness-worker'].map((name) => processes.get(name)?.stop()));
      await processes.get('emulators')?.stop();
    },
  };
  try {
    await Promise.race([
      waitForReady(url, readyTimeoutMs),
      ...[...processes.values()].map((p) =>
        p.exited.then(({ code }) => {
          throw new Error(`${p.name} exited during start-up (code ${code})`);
        }),
      ),
    ]);
  } catch (err) {
    await stack.stop();
    throw err;
  }
  return stack;
}
