// The stack Playwright tests run against: its own database, NATS namespace and port; removed on exit.
import { createLogPrinter } from './lib/log-format.mjs';
import { migrateAll, startStack } from './lib/stack.mjs';
import { createTestRun } from './lib/test-run.mjs';

const port = Number(process.env.E2E_PORT);
if (!port) throw new Error('E2E_PORT is required');
const run = createTestRun('e2e');
const print = createLogPrinter({ pretty: false });
const log = process.env.E2E_LOG ? print : () => {};

await run.setUp();
let stack;
let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await stack?.stop();
  await run.tearDown();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
try {
  await migrateAll(run.env, log);
  // Its own emulator ports and public URL, so it runs beside `npm start` and OAuth returns here.
  const env = {
    ...run.env,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    STRAVA_EMULATOR_PORT: process.env.E2E_STRAVA_EMULATOR_PORT ?? String(port + 10_000),
    STRIPE_EMULATOR_PORT: String(port + 11_000),
    STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/webhooks/stripe`,
  };
  stack = await startStack({ env, port, log });
  console.log(`e2e stack ready at ${stack.url}`);
} catch (err) {
  console.error(err);
  await run.tearDown();
  process.exit(1);
}
