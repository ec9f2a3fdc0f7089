// What the queue benches (bench-strava-sync.mjs, bench-totals-sync.mjs) share: a test run of their
// own, a database pool on it, the BullMQ queue their worker processes read, and the tear-down.
import { Queue } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startProcess } from './stack.mjs';
import { createTestRun } from './test-run.mjs';

export async function startQueueBench(label, queueName) {
  const run = createTestRun(label);
  await run.setUp();
  const db = new pg.Pool({ connectionString: run.env.DATABASE_URL, max: 4 });
  const queue = new Queue(queueName, { connection: { url: run.env.REDIS_URL }, prefix: `${run.env.REDIS_PREFIX}bull` });
  let processes = [];
  const stopWorkers = () => Promise.all(processes.map((p) => p.stop()));
  return {
    run,
    db,
    queue,
    workerProcesses: () => processes,
    /** `count` processes of `name` (see stack.mjs) with `env`; resolves once every one listens on the queue. */
    async startWorkers(name, env, count) {
      processes = Array.from({ length: count }, (_, i) =>
        startProcess(name, env, (_name, line) => {
          if (/"level":(50|60)/.test(line)) console.error(`[worker ${i}] ${line}`);
        }),
      );
      while ((await queue.getWorkersCount()) < count) await sleep(100);
    },
    stopWorkers,
    /** Stops the workers and closes the queue, the pool, then `others` (e.g. an emulator), then the run. */
    async close(...others) {
      await stopWorkers();
      await queue.close();
      await db.end();
      for (const other of others) await other.close();
      await run.tearDown();
    },
  };
}
