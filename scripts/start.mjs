// `npm start`: checks PostgreSQL, Redis and NATS, builds what is missing, runs migrations, starts
// every service and the gateway, and serves the product on http://localhost:3000 (`--port N` or
// PORT for another). Ctrl-C stops all. Metrics and emulator ports are their defaults when free, else
// free ones, so a second stack runs beside the first (`npm start -- --port 3100`).
import './lib/node-runtime.mjs';
import { spawnSync, spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ensureDatabase, withDefaults } from './lib/infra.mjs';
import { resolveInfrastructure } from './lib/infra-source.mjs';
import { createLogPrinter } from './lib/log-format.mjs';
import { describePorts, localStackPorts } from './lib/ports.mjs';
import { ROOT, isBuilt, migrateAll, startStack } from './lib/stack.mjs';

let options;
try {
  ({ values: options } = parseArgs({
    options: { dev: { type: 'boolean' }, build: { type: 'boolean' }, port: { type: 'string' } },
  }));
} catch (err) {
  console.error(`\n${err.message}\nUsage: npm start [-- --port N] [--build]   (npm run dev: with hot reload)\n`);
  process.exit(2);
}
const dev = options.dev ?? false;
const rebuild = options.build ?? false;
const port = Number(options.port ?? (process.env.PORT || 3000));
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`\nCannot start: the port must be a number from 1 to 65535, got ${options.port ?? process.env.PORT}\n`);
  process.exit(2);
}
const print = createLogPrinter();
const say = (line) => print('runpledge', line);

say(`Node.js ${process.version}`);
say('checking PostgreSQL, Redis and NATS…');
let infra;
try {
  infra = await resolveInfrastructure({ env: withDefaults(), log: say });
} catch (err) {
  console.error(`\nCannot start: ${err.message}\n`);
  process.exit(1);
}
const env = { ...infra.env, NODE_ENV: process.env.NODE_ENV || 'development' };

if (rebuild || !isBuilt()) {
  say('building (first run or --build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await ensureDatabase(env.DATABASE_URL);
say('running migrations…');
await migrateAll(env, print);

let stack;
try {
  // Chosen just before the processes take them. The emulators stand in where no real keys are set.
  const ports = await localStackPorts();
  say(describePorts(ports));
  const emulatorPorts = Object.fromEntries(
    Object.entries(ports.emulators).map(([name, value]) => [name, String(value)]),
  );
  stack = await startStack({ env: { ...env, ...emulatorPorts }, port, log: print, metricsPorts: ports.metrics });
} catch (err) {
  console.error(`\nCannot start: ${err.message}`);
  process.exit(1);
}
let vite;
if (dev) {
  vite = spawn(process.execPath, [`${ROOT}node_modules/vite/bin/vite.js`, '--port', '5173'], {
    cwd: `${ROOT}web`,
    stdio: 'inherit',
  });
}
say(
  `RunPledge is running at http://localhost:${port}${dev ? ' (hot reload at http://localhost:5173)' : ''}; Ctrl-C stops it`,
);

for (const [name, proc] of stack.processes) {
  proc.exited.then(({ code, signal }) => {
    if (!stopping) say(`⚠ ${name} exited (code ${code}, signal ${signal}); the rest keeps running`);
  });
}

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping…`);
  vite?.kill('SIGTERM');
  await stack.stop();
  await infra.stop();
  say('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
