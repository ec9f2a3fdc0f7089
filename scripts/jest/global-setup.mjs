// Gives the whole jest run its own database (migrated), NATS namespace and Redis key prefix, on the
// local servers or, when they do not answer and a container runtime does, on testcontainers.
import { resolveInfrastructure } from '../lib/infra-source.mjs';
import { migrateAll, servicesBuilt } from '../lib/stack.mjs';
import { createTestRun } from '../lib/test-run.mjs';

export default async function globalSetup() {
  const infra = await resolveInfrastructure({ log: (line) => console.log(`\n${line}`) });
  globalThis.__infra = infra;
  if (!servicesBuilt()) throw new Error('Build first (`npm run build`); `npm test` does it for you.');
  const run = createTestRun('int', infra.env);
  await run.setUp();
  await migrateAll(run.env);
  Object.assign(process.env, run.env, { RP_TEST_RUN_ID: run.id });
  globalThis.__testRun = run;
}
