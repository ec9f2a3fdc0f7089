import type { Logger } from 'pino';
import type { DataSource, QueryRunner } from 'typeorm';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long rows are kept. */
export const EVENT_TABLE_RETENTION = {
  /** A published outbox row is history once JetStream holds the event (the stream keeps 7 days). */
  outboxMs: 7 * DAY_MS,
  /**
   * Longer than the event stream's `max_age` (7 days): an event JetStream may still redeliver must
   * still be found here, or it would be handled twice.
   */
  processedEventsMs: 8 * DAY_MS,
} as const;

export interface EventTablePrunerOptions {
  /** Between passes; default one hour. */
  pruneIntervalMs?: number;
  /** Before the first pass after start; default one minute (start-up stays quiet). */
  pruneFirstDelayMs?: number;
  /** Rows deleted per statement, so no pass holds many row locks or a long transaction; default 5000. */
  pruneBatchSize?: number;
  outboxRetentionMs?: number;
  processedEventsRetentionMs?: number;
}

export interface PruneResult {
  outbox: number;
  processedEvents: number;
}

/**
 * Deletes published outbox rows and processed-event ids older than their retention, in the
 * service's own schema, on a schedule. A PostgreSQL advisory lock (per schema) lets one replica
 * prune while the others skip that pass; deletes go in batches, each its own short statement.
 */
export class EventTablePruner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly firstDelayMs: number;
  private readonly batchSize: number;
  private readonly outboxRetentionMs: number;
  private readonly processedRetentionMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
    options: EventTablePrunerOptions = {},
  ) {
    this.intervalMs = options.pruneIntervalMs ?? 60 * 60 * 1000;
    this.firstDelayMs = options.pruneFirstDelayMs ?? 60 * 1000;
    this.batchSize = options.pruneBatchSize ?? 5000;
    this.outboxRetentionMs = options.outboxRetentionMs ?? EVENT_TABLE_RETENTION.outboxMs;
    this.processedRetentionMs = options.processedEventsRetentionMs ?? EVENT_TABLE_RETENTION.processedEventsMs;
  }

  private get schema(): string {
    const schema = (this.dataSource.options as { schema?: string }).schema;
    if (!schema) throw new Error('The data source must name its schema');
    return schema;
  }

  start(): void {
    this.stopped = false;
    this.schedule(this.firstDelayMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /**
   * One pass: the rows deleted from each table, or null when another process holds this schema's
   * pruning lock (it is pruning now).
   */
  async pruneOnce(): Promise<PruneResult | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const lockKey = `runpledge.prune-event-tables.${this.schema}`;
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [
        lockKey,
      ])) as [{ locked: boolean }];
      if (!locked) return null;
      try {
        const s = this.schema;
        return {
          outbox: await this.deleteInBatches(runner, `"${s}"."outbox"`, 'published_at', this.outboxRetentionMs),
          processedEvents: await this.deleteInBatches(
            runner,
            `"${s}"."processed_events"`,
            'processed_at',
            this.processedRetentionMs,
          ),
        };
      } finally {
        await runner.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockKey]);
      }
    } finally {
      await runner.release();
    }
  }

  private async deleteInBatches(runner: QueryRunner, table: string, column: string, keepMs: number): Promise<number> {
    let total = 0;
    for (;;) {
      // A NULL published_at (not yet relayed) is never older than anything: unpublished rows stay.
      const result = await runner.query(
        `DELETE FROM ${table} WHERE ctid IN (
           SELECT ctid FROM ${table} WHERE ${column} < now() - make_interval(secs => $1) LIMIT $2
         )`,
        [keepMs / 1000, this.batchSize],
        true,
      );
      const deleted = (result as { affected?: number }).affected ?? 0;
      total += deleted;
      if (deleted < this.batchSize || this.stopped) return total;
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pruneOnce()
        .then((result) => {
          if (result && result.outbox + result.processedEvents > 0)
            this.logger.info({ ...result, schema: this.schema }, 'pruned event tables');
        })
        .catch((err: unknown) => this.logger.warn({ err }, 'could not prune event tables'))
        .finally(() => {
          this.running = undefined;
          this.schedule(this.intervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}
