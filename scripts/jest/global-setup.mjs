// Gives the whole jest run its own database (migrated), NATS namespace and Redis key prefix.
import { checkInfrastructure } from '../lib/infra.mjs';
import { migrateAll, servicesBuilt } from '../lib/stack.mjs';
import { createTestRun } from '../lib/test-run.mjs';

export default async function globalSetup() {
  const problems = await checkInfrastructure();
  if (problems.length) throw new Error(`Integration tests need the local services:\n${problems.join('\n')}`);
  if (!servicesBuilt()) throw new Error('Build first (`npm run build`); `npm test` does it for you.');
  const run = createTestRun('int');
  await run.setUp();
  await migrateAll(run.env);
  Object.assign(process.env, run.env, { RP_TEST_RUN_ID: run.id });
  globalThis.__testRun = run;
}
