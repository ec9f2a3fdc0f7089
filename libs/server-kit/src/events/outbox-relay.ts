import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EventEnvelope } from '@runpledge/contracts';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { PollingRelay, type PollingRelayOptions } from '../database/polling-relay.js';
import { eventSubject, subjectPrefix } from '../messaging/subject.js';
import { carrierToNatsHeaders } from '../telemetry/trace-context.js';
import { ensureEventStream } from './jetstream.js';
import { OutboxMessage } from './outbox-message.entity.js';

export interface OutboxRelayOptions extends PollingRelayOptions {
  prefix?: string;
}

/**
 * Publishes committed outbox rows to JetStream, oldest first. Rows are locked with SKIP LOCKED so
 * several replicas relay side by side; the event id is the JetStream message id, so a crash after
 * publishing but before marking the row only yields a duplicate the stream drops.
 */
export class OutboxRelay extends PollingRelay {
  private readonly js: JetStreamClient;
  private readonly prefix: string;
  private streamReady = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly nc: NatsConnection,
    logger: Logger,
    options: OutboxRelayOptions = {},
  ) {
    super(
      logger,
      { failing: 'outbox relay cannot publish; retrying', recovered: 'outbox relay recovered' },
      options,
      true,
    );
    this.js = jetstream(nc);
    this.prefix = options.prefix ?? subjectPrefix();
  }

  /** Publishes one batch; returns how many rows it published. */
  async relayOnce(): Promise<number> {
    if (!this.streamReady) {
      await ensureEventStream(this.nc, this.prefix);
      this.streamReady = true;
    }
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager
        .createQueryBuilder(OutboxMessage, 'o')
        .where('o.published_at IS NULL')
        .orderBy('o.created_at', 'ASC')
        .limit(this.batchSize)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      const published: string[] = [];
      for (const row of rows) {
        const envelope: EventEnvelope = {
          id: row.id,
          type: row.type,
          occurredAt: row.occurredAt.toISOString(),
          payload: row.payload,
        };
        await this.js.publish(eventSubject(row.type, this.prefix), JSON.stringify(envelope), {
          msgID: row.id,
          headers: carrierToNatsHeaders(row.traceContext),
        });
        published.push(row.id);
      }
      if (published.length > 0) {
        await manager
          .createQueryBuilder()
          .update(OutboxMessage)
          .set({ publishedAt: () => 'now()' })
          .whereInIds(published)
          .execute();
      }
      return published.length;
    });
  }
}
