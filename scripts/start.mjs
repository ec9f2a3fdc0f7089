// `npm start`: checks PostgreSQL, Redis and NATS, builds what is missing, runs migrations, starts
// every service and the gateway, and serves the product on http://localhost:3000. Ctrl-C stops all.
import './lib/node-runtime.mjs';
import { spawnSync, spawn } from 'node:child_process';
import { ensureDatabase, withDefaults } from './lib/infra.mjs';
import { resolveInfrastructure } from './lib/infra-source.mjs';
import { createLogPrinter } from './lib/log-format.mjs';
import { METRICS_PORTS, ROOT, isBuilt, migrateAll, startStack } from './lib/stack.mjs';

const dev = process.argv.includes('--dev');
const rebuild = process.argv.includes('--build');
const port = Number(process.env.PORT || 3000);
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
const env = {
  ...infra.env,
  NODE_ENV: process.env.NODE_ENV || 'development',
  // The emulators' documented ports (tools/emulators), used when no real keys are set.
  STRIPE_EMULATOR_PORT: process.env.STRIPE_EMULATOR_PORT || '12111',
  STRAVA_EMULATOR_PORT: process.env.STRAVA_EMULATOR_PORT || '12112',
};

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
  stack = await startStack({ env, port, log: print, metricsPorts: METRICS_PORTS });
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

say(
  `Prometheus metrics (not public): ${Object.entries(METRICS_PORTS)
    .map(([name, metricsPort]) => `${name} http://localhost:${metricsPort}/metrics`)
    .join(', ')}`,
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
