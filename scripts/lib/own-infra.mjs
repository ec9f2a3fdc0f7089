// Throwaway PostgreSQL, NATS (JetStream) and Redis instances on free ports, for tests and the chaos
// run that stop, kill and restart them. Never the machine's shared ones. Each has stop() (graceful),
// kill() (SIGKILL), start() (again, same port and data) and remove() (stop and delete its files).
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createConnection } from 'node:net';
import pg from 'pg';
import { freePort } from './stack.mjs';

async function waitForPort(port, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error(`${what} did not listen on ${port} within ${timeoutMs} ms`);
}

/** A long-running server process that can be stopped and started again with the same arguments. */
function restartable(
  name,
  command,
  args,
  port,
  { readyMs = 20_000, spawnOptions = {}, ready = waitForPort, stopSignal = 'SIGTERM', killSignal = 'SIGKILL' } = {},
) {
  let child;
  let exited;
  const handle = {
    name,
    port,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    async start() {
      child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
      exited = new Promise((resolve) => child.once('exit', resolve));
      await Promise.race([
        ready(port, readyMs, name),
        exited.then(() => {
          throw new Error(`${name} exited at start: ${stderr}`);
        }),
      ]);
    },
    async stop() {
      if (!handle.running) return;
      child.kill(stopSignal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (!handle.running) return;
      child.kill(killSignal);
      await exited;
    },
  };
  return handle;
}

export async function startOwnNats() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'rp-nats-'));
  const nats = restartable('nats', 'nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], port);
  await nats.start();
  return Object.assign(nats, {
    url: `nats://127.0.0.1:${port}`,
    async remove() {
      await nats.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}

export async function startOwnRedis() {
  const port = await freePort();
  const redis = restartable(
    'redis',
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    port,
  );
  await redis.start();
  return Object.assign(redis, { url: `redis://127.0.0.1:${port}`, remove: () => redis.stop() });
}

function pgBin(tool) {
  const base = '/usr/lib/postgresql';
  const version = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', tool)))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error(`no ${tool} under ${base}`);
  return join(base, version, 'bin', tool);
}

/** Listening is not enough: PostgreSQL answers "starting up" for a while after. */
async function acceptsQueries(port, timeoutMs, what) {
  await waitForPort(port, timeoutMs, what);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(50);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** As root, PostgreSQL's tools run as the postgres user (initdb and postgres refuse root). */
function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** A throwaway PostgreSQL cluster (initdb in a temporary directory, trust auth, user postgres). */
export async function startOwnPostgres() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'rp-pg-'));
  const data = join(dir, 'data');
  const user = postgresUser();
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid);
  execFileSync(
    pgBin('initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'],
    { stdio: 'ignore', ...user },
  );
  const args = [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'max_connections=200',
    '-c',
    'shared_buffers=32MB',
  ];
  // stop(): SIGINT is PostgreSQL's fast shutdown: sessions are ended at once, as when a database goes down.
  // SIGTERM (smart shutdown) would wait for every pooled connection to close, i.e. forever.
  const postgres = restartable('postgres', pgBin('postgres'), args, port, {
    spawnOptions: user,
    ready: acceptsQueries,
    stopSignal: 'SIGINT',
    // kill(): SIGQUIT is the immediate shutdown (no checkpoint, crash recovery at the next start), as
    // `npm run chaos` promises; a SIGKILL of the postmaster would leave its backends running.
    killSignal: 'SIGQUIT',
  });
  await postgres.start();
  return Object.assign(postgres, {
    url: `postgres://postgres@127.0.0.1:${port}/runpledge`,
    async remove() {
      await postgres.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}
