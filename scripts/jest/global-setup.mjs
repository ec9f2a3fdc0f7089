// Gives each jest worker its own test run: a database (migrated once, then copied per worker), NATS
// namespace and JetStream stream, and Redis key prefix, on the local servers or, when they do not
// answer and a container runtime does, on testcontainers. Workers run files side by side, so no two
// files running at once share a database, a NATS subject or a queue. `worker-run.mjs` hands each
// test file its worker's run.
import { resolveInfrastructure } from '../lib/infra-source.mjs';
import { migrateAll, servicesBuilt } from '../lib/stack.mjs';
import { createTestRun } from '../lib/test-run.mjs';

export default async function globalSetup(globalConfig) {
  const infra = await resolveInfrastructure({ log: (line) => console.log(`\n${line}`) });
  globalThis.__infra = infra;
  if (!servicesBuilt()) throw new Error('Build first (`npm run build`); `npm test` does it for you.');
  const workers = Math.max(1, Number(globalConfig?.maxWorkers) || 1);
  const first = createTestRun('int', infra.env);
  await first.setUp();
  await migrateAll(first.env);
  const others = Array.from({ length: workers - 1 }, () => createTestRun('int', infra.env));
  await Promise.all(others.map((run) => run.setUp({ template: first.env.DATABASE_URL })));
  const runs = [first, ...others];
  Object.assign(process.env, first.env, {
    RP_TEST_RUN_ID: first.id,
    RP_TEST_RUNS: JSON.stringify(runs.map((run) => ({ ...run.env, RP_TEST_RUN_ID: run.id }))),
  });
  globalThis.__testRuns = runs;
}
