import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { DataSource } from 'typeorm';
import { currentRequestId, JobOutboxRelay, recordJob, runWithRequestId, type JobSink } from '../src/index.js';
import { migrateKitSchema } from './support/kit-schema.js';

const logger = pino({ level: 'silent' });

/** A queue that may be "down": its adds hang (as BullMQ's do while Redis is away) until it is up. */
function fakeQueue() {
  const added: { name: string; data: unknown; opts: Record<string, unknown> }[] = [];
  /** The request id each add ran under (what BullMQ's telemetry hands on to the job). */
  const requestIds: (string | undefined)[] = [];
  let up = true;
  const sink: JobSink = {
    add: (name, data, opts = {}) => {
      if (!up) return new Promise<never>(() => undefined);
      requestIds.push(currentRequestId());
      return Promise.resolve(added.push({ name, data, opts }));
    },
  };
  return {
    sink,
    added,
    requestIds,
    setUp: (value: boolean) => {
      up = value;
    },
  };
}

/** Issue #16 item 4: a job asked for while Redis is away is kept in PostgreSQL, not in a process's memory. */
describe('the job outbox (pending_jobs)', () => {
  let db: DataSource;
  const pending = async () =>
    ((await db.query('SELECT count(*)::int AS n FROM job_outbox.pending_jobs')) as { n: number }[])[0]!.n;

  beforeAll(async () => {
    db = await new DataSource(await migrateKitSchema('job_outbox', 3)).initialize();
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('relays a committed job once with its row id as job id, never a rolled-back one, and keeps jobs while the queue is away', async () => {
    await db.query('TRUNCATE job_outbox.pending_jobs');
    const queue = fakeQueue();
    const relay = new JobOutboxRelay(db, { mails: queue.sink }, logger, { addTimeoutMs: 200 });

    const id = await db.transaction((manager) =>
      recordJob(manager, 'mails', 'send', { to: 'a' }, { attempts: 3, deduplication: { id: 'x' } }),
    );
    await db
      .transaction(async (manager) => {
        await recordJob(manager, 'mails', 'send', { to: 'rolled-back' });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    // Another service's queue in the same table is not this relay's to add.
    await db.transaction((manager) => recordJob(manager, 'other', 'x', {}));

    expect(await relay.relayOnce()).toBe(1);
    expect(queue.added).toEqual([
      { name: 'send', data: { to: 'a' }, opts: { jobId: id, attempts: 3, deduplication: { id: 'x' } } },
    ]);
    expect(await relay.relayOnce()).toBe(0);

    // Redis away: the add does not answer; the pass gives up, the job stays in the table.
    queue.setUp(false);
    await db.transaction((manager) => recordJob(manager, 'mails', 'send', { to: 'b' }));
    await expect(relay.relayOnce()).rejects.toThrow('did not answer in time');
    expect(await pending()).toBe(2); // 'b', and the other queue's

    // A new process (the first died meanwhile) relays it once Redis is back.
    queue.setUp(true);
    const next = new JobOutboxRelay(db, { mails: queue.sink }, logger);
    next.start();
    next.kick();
    const deadline = Date.now() + 5000;
    while (queue.added.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await next.stop();
    expect(queue.added.map((job) => job.data)).toEqual([{ to: 'a' }, { to: 'b' }]);
    expect(await pending()).toBe(1);
  });

  it('adds each job under the request id of the work that recorded it, not that of the request that kicked the relay', async () => {
    await db.query('TRUNCATE job_outbox.pending_jobs');
    const queue = fakeQueue();
    const relay = new JobOutboxRelay(db, { mails: queue.sink }, logger);
    relay.start();
    // Let the first (empty) pass go by, so the next one comes from the kick below.
    await new Promise((r) => setTimeout(r, 300));
    await runWithRequestId('request-a', () =>
      db.transaction((manager) => recordJob(manager, 'mails', 'send', { n: 1 })),
    );
    await db.transaction((manager) => recordJob(manager, 'mails', 'send', { n: 2 })); // no request (a schedule)
    await runWithRequestId('request-b', async () => {
      await db.transaction((manager) => recordJob(manager, 'mails', 'send', { n: 3 }));
      relay.kick();
    });
    const deadline = Date.now() + 5000;
    while (queue.added.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await relay.stop();
    expect(queue.added.map((job) => job.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(queue.requestIds).toEqual(['request-a', undefined, 'request-b']);
    const stored = (await db.query('SELECT count(*)::int AS n FROM job_outbox.pending_jobs')) as { n: number }[];
    expect(stored[0]!.n).toBe(0);
  });
});
