// Where PostgreSQL, Redis and NATS (JetStream) come from for a test run: the ones answering on
// their URLs (localhost by default), else containers started with testcontainers when a container
// runtime answers, else one clear message naming what is missing and the two ways to provide it.
import { checkInfrastructureByName, HOW_TO_START, withDefaults } from './infra.mjs';

export const SERVICES = /** @type {const} */ (['PostgreSQL', 'Redis', 'NATS']);
const VARIABLE = { PostgreSQL: 'DATABASE_URL', Redis: 'REDIS_URL', NATS: 'NATS_URL' };

/** Images and ports of the stand-ins testcontainers starts. */
const CONTAINERS = {
  PostgreSQL: {
    image: 'postgres:18-alpine',
    port: 5432,
    env: { POSTGRES_HOST_AUTH_METHOD: 'trust' },
    command: [],
    log: /database system is ready to accept connections/,
    logTimes: 2,
    url: (host, port) => `postgres://postgres@${host}:${port}/runpledge`,
  },
  Redis: {
    image: 'redis:7-alpine',
    port: 6379,
    env: {},
    command: ['redis-server', '--save', '', '--appendonly', 'no'],
    log: /Ready to accept connections/,
    logTimes: 1,
    url: (host, port) => `redis://${host}:${port}`,
  },
  NATS: {
    image: 'nats:2-alpine',
    port: 4222,
    env: {},
    command: ['-js'],
    log: /Server is ready/,
    logTimes: 1,
    url: (host, port) => `nats://${host}:${port}`,
  },
};

/** Whether a container runtime (Docker, Podman, …) answers testcontainers. */
export async function containerRuntimeAnswers() {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}

/** Starts one container per missing service; resolves to their URLs and a `stop()`. */
export async function startContainers(missing) {
  const { GenericContainer, Wait } = await import('testcontainers');
  const started = [];
  const env = {};
  try {
    for (const name of missing) {
      const spec = CONTAINERS[name];
      const container = await new GenericContainer(spec.image)
        .withEnvironment(spec.env)
        .withCommand(spec.command)
        .withExposedPorts(spec.port)
        .withWaitStrategy(Wait.forLogMessage(spec.log, spec.logTimes))
        .start();
      started.push(container);
      env[VARIABLE[name]] = spec.url(container.getHost(), container.getMappedPort(spec.port));
    }
  } catch (err) {
    await Promise.allSettled(started.map((c) => c.stop()));
    throw new Error(`testcontainers could not start ${missing.join(', ')}: ${err.message}`, { cause: err });
  }
  return { env, stop: async () => void (await Promise.allSettled(started.map((c) => c.stop()))) };
}

/** The one message shown when neither way works. */
export function missingInfrastructureMessage(problems, runtimeReason) {
  const names = Object.keys(problems);
  const lines = [
    `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not reachable:`,
    ...names.map((name) => `  - ${name}: ${problems[name]}`),
    'Provide them in one of two ways:',
    '  1. run them locally (or point the variables at running servers):',
    ...names.map((name) => `       ${VARIABLE[name]}: ${HOW_TO_START[name]}`),
    '  2. or make a container runtime (Docker or Podman) reachable, e.g. through DOCKER_HOST;',
    `     they are then started in containers with testcontainers (now: ${runtimeReason ?? 'no container runtime found'}).`,
  ];
  return lines.join('\n');
}

/**
 * Resolves to `{ source, env, stop }`: `env` holds DATABASE_URL, REDIS_URL and NATS_URL to use.
 * The probes are injectable so the decision can be tested without servers or a container runtime.
 */
export async function resolveInfrastructure({
  env = withDefaults(),
  probeServers = checkInfrastructureByName,
  probeRuntime = containerRuntimeAnswers,
  start = startContainers,
  log = () => {},
} = {}) {
  const problems = await probeServers(env);
  const missing = SERVICES.filter((name) => problems[name]);
  if (missing.length === 0) return { source: 'local', env: { ...env }, stop: async () => {} };
  const runtime = await probeRuntime();
  if (!runtime.ok) throw new Error(missingInfrastructureMessage(problems, runtime.reason));
  log(`${missing.join(', ')} not reachable: starting ${missing.length === 1 ? 'it' : 'them'} with testcontainers`);
  const containers = await start(missing);
  return { source: 'containers', env: { ...env, ...containers.env }, stop: containers.stop };
}
