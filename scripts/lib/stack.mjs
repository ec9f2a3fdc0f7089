// Starts and stops the whole product (migrations, services, gateway) as child processes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVICES = ['identity', 'profiles', 'billing', 'fitness', 'community'];
/** The services' BullMQ worker processes (`<service>/dist/worker.js`). */
export const WORKERS = ['fitness-worker', 'profiles-worker', 'community-worker'];
/** Processes that are not a service's main.js. */
const ENTRIES = {
  'fitness-worker': 'services/fitness/dist/worker.js',
  'profiles-worker': 'services/profiles/dist/worker.js',
  'community-worker': 'services/community/dist/worker.js',
  emulators: 'tools/emulators/dist/main.js',
};
/** `npm start`'s Prometheus ports (shared/API.md "Operations"): each process serves /metrics on its own. */
export const METRICS_PORTS = {
  gateway: 9464,
  identity: 9465,
  profiles: 9466,
  billing: 9467,
  fitness: 9468,
  'fitness-worker': 9469,
  'profiles-worker': 9470,
  community: 9471,
  'community-worker': 9472,
};
const entry = (name) => `${ROOT}${ENTRIES[name] ?? `services/${name}/dist/main.js`}`;

export function servicesBuilt() {
  return [...SERVICES, 'gateway', ...WORKERS, 'emulators'].every((name) => existsSync(entry(name)));
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
 * With NATS_PASSWORDS (JSON: process name -> password, as in server-kit's natsServerConfig), each
 * process connects as its own NATS user; without it (the machine's NATS) as nobody in particular.
 */
function natsUserOf(name, env) {
  const passwords = env.NATS_PASSWORDS ? JSON.parse(env.NATS_PASSWORDS) : {};
  return passwords[name] ? { NATS_USER: name, NATS_PASSWORD: passwords[name], NATS_PASSWORDS: '' } : {};
}

/**
 * Starts one process of the stack. Returns a handle whose `stop()` sends SIGTERM and resolves on exit
 * (SIGKILL after `killAfterMs`).
 */
export function startProcess(name, env, log = () => {}) {
  const child = spawn(process.execPath, [entry(name)], {
    env: { ...process.env, ...env, DB_APPLICATION_NAME: name, ...natsUserOf(name, env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The last lines it wrote, whatever `log` does with them: why a process died is never lost.
  const lastLines = [];
  pipeLines(child, name, (from, line) => {
    lastLines.push(line);
    if (lastLines.length > 15) lastLines.shift();
    log(from, line);
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    name,
    child,
    exited,
    lastLines,
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
      // The gateway is ready before the services are; a stack is ready when all of it is.
      // A bounded ask: an overloaded gateway must not hold the wait past its deadline (undici's
      // own header time-out is 5 minutes).
      const res = await fetch(`${url}/api/health/ready?all=true`, {
        signal: AbortSignal.timeout(Math.max(1000, Math.min(10_000, deadline - Date.now()))),
      });
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = err.message;
    }
    await sleep(250);
  }
  throw new Error(`the stack did not become ready in ${timeoutMs} ms: ${last}`);
}

export async function freePort() {
  const [port] = await freePorts(1);
  return port;
}

/** A free metrics port for every process of a stack (for tests: stacks run side by side). */
export async function freeMetricsPorts() {
  const names = Object.keys(METRICS_PORTS);
  const ports = await freePorts(names.length);
  return Object.fromEntries(names.map((name, i) => [name, ports[i]]));
}

// Ports are picked below the kernel's ephemeral range (32768-60999 on Linux), which outgoing
// connections draw from: a port found free there can be taken by a connection before the process
// that should listen on it starts, and with several stacks starting at once that happens.
const PICK_FROM = 20_000;
const PICK_SPAN = 12_000;

/** Listens on `port` (0: any free one) on every address; resolves to the server, or null when it is taken. */
export function holdPort(port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (err) => (err.code === 'EADDRINUSE' || err.code === 'EACCES' ? resolve(null) : reject(err)));
    server.listen(port, () => resolve(server));
  });
}

/** `count` different free ports (each listener is held until all are open, so none repeats). */
async function freePorts(count) {
  const servers = [];
  try {
    for (let tries = 0; servers.length < count; tries += 1) {
      if (tries > 200) throw new Error(`no ${count} free ports between ${PICK_FROM} and ${PICK_FROM + PICK_SPAN}`);
      const server = await holdPort(PICK_FROM + Math.floor(Math.random() * PICK_SPAN));
      if (server) servers.push(server);
    }
    return servers.map((server) => server.address().port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

const EMULATOR_WEBHOOK_SECRET = 'whsec_local_emulator';

/**
 * The emulators (tools/emulators, one process for Stripe and Strava) stand in for a service whose
 * real keys are not set. Returns the settings the stack's processes get, or null when all keys are real.
 */
async function emulatorSettings(stackEnvIn, gatewayPort, log) {
  // Keys may come from the caller or from the shell that ran `npm start`; the processes see both.
  const env = { ...process.env, ...stackEnvIn };
  const realStrava = Boolean(env.STRAVA_CLIENT_ID && env.STRAVA_CLIENT_SECRET);
  const realJustGiving = Boolean(env.JUSTGIVING_API_KEY);
  if (env.STRIPE_SECRET_KEY && realStrava && realJustGiving) return null;
  const host = '127.0.0.1';
  // Four distinct ports: the listeners stay open until all four are known.
  const spare = await freePorts(4);
  const stripePort = Number(env.STRIPE_EMULATOR_PORT) || spare[0];
  const stravaPort = Number(env.STRAVA_EMULATOR_PORT) || spare[1];
  const donorDrivePort = Number(env.DONORDRIVE_EMULATOR_PORT) || spare[2];
  const justGivingPort = Number(env.JUSTGIVING_EMULATOR_PORT) || spare[3];
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || EMULATOR_WEBHOOK_SECRET;
  const stripeApiBase = `http://${host}:${stripePort}`;
  const stravaBase = `http://${host}:${stravaPort}`;
  const stackEnv = {};
  if (!env.STRIPE_SECRET_KEY) {
    log('runpledge', `no STRIPE_SECRET_KEY: billing uses the Stripe emulator at ${stripeApiBase} (test mode)`);
    Object.assign(stackEnv, { STRIPE_API_BASE: stripeApiBase, STRIPE_WEBHOOK_SECRET: webhookSecret });
  }
  if (!realStrava) {
    log('runpledge', `no STRAVA_CLIENT_ID/SECRET: fitness uses the Strava emulator at ${stravaBase}`);
    stackEnv.STRAVA_BASE_URL = stravaBase;
  }
  if (!realJustGiving) {
    // Without real platform settings both donation platforms are the emulators'.
    const donorDriveBase = `http://${host}:${donorDrivePort}`;
    const justGivingBase = `http://${host}:${justGivingPort}`;
    log(
      'runpledge',
      `no JUSTGIVING_API_KEY: totals come from the DonorDrive and JustGiving emulators at ${donorDriveBase}, ${justGivingBase}`,
    );
    Object.assign(stackEnv, {
      JUSTGIVING_API_URL: justGivingBase,
      DONORDRIVE_BASE_URL: env.DONORDRIVE_BASE_URL || donorDriveBase,
      // Loopback http: allowed for these origins only, by name (profiles refuses any other such address).
      PLATFORM_EMULATOR_ORIGINS: [donorDriveBase, justGivingBase].join(','),
    });
  }
  return {
    processEnv: {
      EMULATORS_HOST: host,
      STRIPE_EMULATOR_PORT: String(stripePort),
      STRAVA_EMULATOR_PORT: String(stravaPort),
      DONORDRIVE_EMULATOR_PORT: String(donorDrivePort),
      JUSTGIVING_EMULATOR_PORT: String(justGivingPort),
      STRIPE_WEBHOOK_URL: `http://${host}:${gatewayPort}/api/webhooks/stripe`,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
    stackEnv,
    ready: `${stripeApiBase}/_emulator/health`,
  };
}

async function waitForUrl(url, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${what} did not start in ${timeoutMs} ms`);
}

/**
 * Starts the emulators when real keys are missing, then the five services, their worker processes
 * and the gateway; waits for readiness and returns handles to stop them.
 */
// STACK_READY_TIMEOUT_MS gives a busy machine longer to start the stack.
export async function startStack({
  env,
  port,
  log = () => {},
  readyTimeoutMs = Number(process.env.STACK_READY_TIMEOUT_MS) || 60_000,
  /** Process name -> METRICS_PORT (METRICS_PORTS, freeMetricsPorts()); none when unset. */
  metricsPorts = {},
  /** Process name -> variables of that process alone (the memory bench: each manifest's runtime flags). */
  processEnv = {},
  /**
   * Redis keys of its own under the run's REDIS_PREFIX (in tests): queues, fixed job ids (e.g.
   * `ensure-webhook-subscription`), the Strava budget and rate limits are per deployment, so two
   * stacks of one jest run must not share them. The run's tear-down deletes the run's prefix.
   */
  ownRedisPrefix = env.NODE_ENV === 'test',
}) {
  const processes = new Map();
  const emulators = await emulatorSettings(env, port, log);
  // OAuth returns and Strava's webhook pushes come back to this stack's own port.
  const fullEnv = {
    ...env,
    ...emulators?.stackEnv,
    PORT: String(port),
    PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${port}`,
    ...(ownRedisPrefix && { REDIS_PREFIX: `${env.REDIS_PREFIX ?? 'rp:'}stack-${randomBytes(3).toString('hex')}:` }),
  };
  if (emulators) {
    const proc = startProcess('emulators', { ...fullEnv, ...emulators.processEnv }, log);
    processes.set('emulators', proc);
    try {
      await Promise.race([
        waitForUrl(emulators.ready, readyTimeoutMs, 'the emulators'),
        proc.exited.then(({ code }) => {
          throw new Error(`the emulators exited during start-up (code ${code})`);
        }),
      ]);
    } catch (err) {
      await proc.stop();
      throw err;
    }
  }
  const envOf = (name) => ({
    ...fullEnv,
    ...processEnv[name],
    ...(metricsPorts[name] && { METRICS_PORT: String(metricsPorts[name]) }),
  });
  for (const name of SERVICES) processes.set(name, startProcess(name, envOf(name), log));
  for (const name of WORKERS) processes.set(name, startProcess(name, envOf(name), log));
  processes.set('gateway', startProcess('gateway', envOf('gateway'), log));
  const url = `http://127.0.0.1:${port}`;
  const stack = {
    url,
    env: fullEnv,
    processes,
    /** Process name -> the port of its `/metrics`. */
    metricsPorts,
    /** Where the Stripe emulator listens, when it is used. */
    stripeApiBase: emulators?.stackEnv.STRIPE_API_BASE,
    /** Where the donation-platform emulators listen, when they are used. */
    donorDriveBase: emulators?.stackEnv.DONORDRIVE_BASE_URL,
    justGivingBase: emulators?.stackEnv.JUSTGIVING_API_URL,
    /** Restarts one process (e.g. a service after a test stopped it). */
    restart(name) {
      processes.set(name, startProcess(name, envOf(name), log));
      return processes.get(name);
    },
    async stop() {
      // Gateway first so nothing new arrives, then the services, then what they talk to.
      await processes.get('gateway')?.stop();
      await Promise.all([...SERVICES, ...WORKERS].map((name) => processes.get(name)?.stop()));
      await processes.get('emulators')?.stop();
    },
  };
  try {
    await Promise.race([
      waitForReady(url, readyTimeoutMs),
      ...[...processes.values()].map((p) =>
        p.exited.then(({ code }) => {
          throw new Error(
            `${p.name} exited during start-up (code ${code}); its last lines:\n${p.lastLines.join('\n')}`,
          );
        }),
      ),
    ]);
  } catch (err) {
    await stack.stop();
    throw err;
  }
  return stack;
}
