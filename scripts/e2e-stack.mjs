// The stacks Playwright tests run against: one per Playwright worker (playwright.config.ts), each with
// its own database, NATS namespace, Redis prefix, port and emulators, so journeys running side by side
// never see each other's data or emulator faults. All are removed on exit.
//
//   E2E_PORTS                    the stacks' ports, comma-separated (one per worker)
//   E2E_STRAVA_EMULATOR_PORTS    each stack's Strava emulator port, in the same order (the journeys drive it)
//   E2E_CONTROL_PORT             answers GET /ready once every stack is ready (Playwright's webServer.url)
import './lib/node-runtime.mjs';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createLogPrinter } from './lib/log-format.mjs';
import { ROOT, migrateAll, startStack } from './lib/stack.mjs';
import { resolveInfrastructure } from './lib/infra-source.mjs';
import { createTestRun } from './lib/test-run.mjs';

const list = (value) => (value ?? '').split(',').filter(Boolean).map(Number);
const ports = list(process.env.E2E_PORTS);
const stravaPorts = list(process.env.E2E_STRAVA_EMULATOR_PORTS);
const controlPort = Number(process.env.E2E_CONTROL_PORT);
if (ports.length === 0 || !controlPort) throw new Error('E2E_PORTS and E2E_CONTROL_PORT are required');

const infra = await resolveInfrastructure({ log: (line) => console.log(line) }).catch((err) => {
  console.error(err.message);
  process.exit(1);
});
const print = createLogPrinter({ pretty: false });
const log = process.env.E2E_LOG ? print : () => {};
// What the journeys may need besides the browser (e.g. to seed a lifetime code or drive the emulator).
const stackFile = (port) => `${ROOT}.runtime/e2e-stack-${port}.json`;

const runs = ports.map(() => createTestRun('e2e', infra.env));
const stacks = [];
let control;
let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  control?.close();
  for (const port of ports) rmSync(stackFile(port), { force: true });
  await Promise.allSettled(stacks.map((stack) => stack.stop()));
  await Promise.allSettled(runs.map((run) => run.tearDown()));
  await infra.stop();
  process.exit(code);
}
process.on('SIGTERM', () => shutdown());
process.on('SIGINT', () => shutdown());

try {
  // Migrate one database, then copy it for the other stacks.
  await runs[0].setUp();
  await migrateAll(runs[0].env, log);
  await Promise.all(runs.slice(1).map((run) => run.setUp({ template: runs[0].env.DATABASE_URL })));
  mkdirSync(`${ROOT}.runtime`, { recursive: true });
  await Promise.all(
    ports.map(async (port, i) => {
      // The public URL OAuth returns to, and a Strava emulator port the journeys know.
      const env = {
        ...runs[i].env,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        STRAVA_EMULATOR_PORT: String(stravaPorts[i] ?? ''),
        // The journeys press "Refresh totals" right after the page's first sync: the emulators need no
        // 15 s between two reads of a participant, and a 429 or 5xx is retried soon.
        TOTALS_MIN_INTERVAL_MS: '500',
        TOTALS_RETRY_DELAY_MS: '500',
        // Three stacks and three browsers on two cores: a sign-up's password hashing can wait for a
        // core well past the gateway's 5 s. The journeys check what the product does, not how fast
        // (the bench does), so a slow answer is waited for rather than answered 504.
        RPC_TIMEOUT_MS: '20000',
      };
      // Three stacks boot at once: each may take longer than a lone `npm start` would.
      const readyTimeoutMs = Number(process.env.STACK_READY_TIMEOUT_MS) || 150_000;
      const stack = await startStack({ env, port, log, readyTimeoutMs });
      stacks.push(stack);
      writeFileSync(stackFile(port), JSON.stringify({ env: stack.env, stripeApiBase: stack.stripeApiBase ?? null }));
      console.log(`e2e stack ready at ${stack.url}`);
    }),
  );
  control = createServer((req, res) => res.writeHead(req.url === '/ready' ? 200 : 404).end());
  control.listen(controlPort, '127.0.0.1');
} catch (err) {
  console.error(err);
  await shutdown(1);
}
