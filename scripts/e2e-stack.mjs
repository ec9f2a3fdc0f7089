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
  stack = await startStack({ env: run.env, port, log });
  console.log(`e2e stack ready at ${stack.url}`);
} catch (err) {
  console.error(err);
  await run.tearDown();
  process.exit(1);
}
