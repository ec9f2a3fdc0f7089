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
  /** Callers of `relayed`, by row id: told the queue's job id, or undefined when the add failed. */
  private readonly waiters = new Map<string, (jobId: string | undefined) => void>();

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

  /**
   * Waits (at most `timeoutMs`) for this relay to add the job recorded as row `rowId`; kick it after
   * the commit. Resolves with the queue's job id (another job's when deduplication joined them), or
   * undefined when the add failed (the queue is away: the row waits for a later pass), the time ran
   * out, or another replica's relay took the row. Undefined never means lost.
   */
  relayed(rowId: string, timeoutMs: number): Promise<string | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(undefined), timeoutMs);
      const settle = (jobId: string | undefined) => {
        clearTimeout(timer);
        this.waiters.delete(rowId);
        resolve(jobId);
      };
      this.waiters.set(rowId, settle);
    });
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
      const done: { rowId: string; jobId: string }[] = [];
      let error: unknown;
      for (const row of rows) {
        try {
          // Added in the trace (and under the request id) of the work that recorded the job: BullMQ's
          // producer span and the job's own carrier continue it (see bullTelemetry).
          const job = await continueTrace(
            row.traceContext,
            `job outbox relay ${row.queue}`,
            SpanKind.INTERNAL,
            { 'messaging.destination.name': row.queue, 'messaging.operation.name': row.name },
            () => this.withinTimeout(this.queues[row.queue]!.add(row.name, row.data, { jobId: row.id, ...row.opts })),
          );
          done.push({ rowId: row.id, jobId: (job as { id?: string } | undefined)?.id ?? row.id });
        } catch (err) {
          error = err;
          for (const left of rows.slice(rows.indexOf(row))) this.waiters.get(left.id)?.(undefined);
          break;
        }
      }
      // What went in leaves the table (committed) even when a later add of the batch failed.
      if (done.length > 0)
        await manager.delete(
          PendingJob,
          done.map((d) => d.rowId),
        );
      return { added: done, failure: error };
    });
    // Told once the rows are gone from the table for good.
    for (const { rowId, jobId } of added) this.waiters.get(rowId)?.(jobId);
    if (failure) throw failure;
    return added.length;
  }

  private async withinTimeout(add: Promise<unknown>): Promise<unknown> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
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
