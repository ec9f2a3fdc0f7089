import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { PollingRelay, type PollingRelayOptions } from '../database/polling-relay.js';
import { continueTrace, currentTraceCarrier, SpanKind } from '../telemetry/trace-context.js';
import { PendingJob } from './pending-job.entity.js';

/** What the relay needs of a queue: BullMQ's `Queue` is one. */
export interface JobSink {
  add(name: string, data: unknown, opts?: Record<string, unknown>): Promise<unknown>;
}

/**
 * Records a job inside the caller's transaction; the relay adds it to its queue after commit. Its
 * BullMQ job id is the row's id unless `opts.jobId` says otherwise, so a relay that dies after
 * adding but before deleting the row adds the same job again, which BullMQ ignores.
 */
export async function recordJob(
  manager: EntityManager,
  queue: string,
  name: string,
  data: unknown,
  opts: Record<string, unknown> = {},
): Promise<string> {
  const id = randomUUID();
  // The relay adds the job inside this trace context and request id, so the job continues them.
  const carrier = currentTraceCarrier();
  await manager.insert(PendingJob, {
    id,
    queue,
    name,
    data: data as object,
    opts: opts as object,
    traceContext: Object.keys(carrier).length > 0 ? carrier : null,
  });
  return id;
}

export interface JobOutboxRelayOptions extends PollingRelayOptions {
  /** One `add` waits at most this long; Redis away: the rows stay for the next pass. */
  addTimeoutMs?: number;
}

/**
 * Adds committed `pending_jobs` rows to their BullMQ queues, oldest first, and deletes them. Rows
 * are locked with SKIP LOCKED so several replicas relay side by side. While Redis is away a pass
 * gives up after `addTimeoutMs` and the rows wait in PostgreSQL.
 */
export class JobOutboxRelay extends PollingRelay {
  private readonly addTimeoutMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: Record<string, JobSink>,
    logger: Logger,
    options: JobOutboxRelayOptions = {},
  ) {
    super(
      logger,
      { failing: 'job outbox relay cannot add jobs; retrying', recovered: 'job outbox relay recovered' },
      options,
      false,
    );
    this.addTimeoutMs = options.addTimeoutMs ?? 2000;
  }

  /** Relays one batch of this relay's queues; returns how many jobs it added. */
  async relayOnce(): Promise<number> {
    const { added, failure } = await this.dataSource.transaction(async (manager) => {
      const rows = await manager
        .createQueryBuilder(PendingJob, 'j')
        .where('j.queue IN (:...queues)', { queues: Object.keys(this.queues) })
        .orderBy('j.created_at', 'ASC')
        .limit(this.batchSize)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      const done: string[] = [];
      let error: unknown;
      for (const row of rows) {
        try {
          // Added in the trace (and under the request id) of the work that recorded the job: BullMQ's
          // producer span and the job's own carrier continue it (see bullTelemetry).
          await continueTrace(
            row.traceContext,
            `job outbox relay ${row.queue}`,
            SpanKind.INTERNAL,
            { 'messaging.destination.name': row.queue, 'messaging.operation.name': row.name },
            () => this.withinTimeout(this.queues[row.queue]!.add(row.name, row.data, { jobId: row.id, ...row.opts })),
          );
        } catch (err) {
          error = err;
          break;
        }
        done.push(row.id);
      }
      // What went in leaves the table (committed) even when a later add of the batch failed.
      if (done.length > 0) await manager.delete(PendingJob, done);
      return { added: done.length, failure: error };
    });
    if (failure) throw failure;
    return added;
  }

  private async withinTimeout(add: Promise<unknown>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        add,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('the job queue did not answer in time')), this.addTimeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
