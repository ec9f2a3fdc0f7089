// The stack Playwright tests run against: its own database, NATS namespace and port; removed on exit.
import './lib/node-runtime.mjs';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createLogPrinter } from './lib/log-format.mjs';
import { ROOT, migrateAll, startStack } from './lib/stack.mjs';
import { resolveInfrastructure } from './lib/infra-source.mjs';
import { createTestRun } from './lib/test-run.mjs';

const port = Number(process.env.E2E_PORT);
if (!port) throw new Error('E2E_PORT is required');
const infra = await resolveInfrastructure({ log: (line) => console.log(line) }).catch((err) => {
  console.error(err.message);
  process.exit(1);
});
const run = createTestRun('e2e', infra.env);
const print = createLogPrinter({ pretty: false });
const log = process.env.E2E_LOG ? print : () => {};
// What the journeys may need besides the browser (e.g. to seed a lifetime code or drive the emulator).
const E2E_STACK_FILE = `${ROOT}.runtime/e2e-stack-${port}.json`;

await run.setUp();
let stack;
let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  rmSync(E2E_STACK_FILE, { force: true });
  await stack?.stop();
  await run.tearDown();
  await infra.stop();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
try {
  await migrateAll(run.env, log);
  // The public URL OAuth returns to, and a Strava emulator port the journeys know (playwright.config.ts).
  const env = {
    ...run.env,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    STRAVA_EMULATOR_PORT: process.env.E2E_STRAVA_EMULATOR_PORT ?? '',
    // The journeys press "Refresh totals" right after the page's first sync: the emulators need no
    // 15 s between two reads of a participant, and a 429 or 5xx is retried soon.
    TOTALS_MIN_INTERVAL_MS: '500',
    TOTALS_RETRY_DELAY_MS: '500',
  };
  stack = await startStack({ env, port, log });
  mkdirSync(`${ROOT}.runtime`, { recursive: true });
  writeFileSync(E2E_STACK_FILE, JSON.stringify({ env: stack.env, stripeApiBase: stack.stripeApiBase ?? null }));
  console.log(`e2e stack ready at ${stack.url}`);
} catch (err) {
  console.error(err);
  await run.tearDown();
  await infra.stop();
  process.exit(1);
}
