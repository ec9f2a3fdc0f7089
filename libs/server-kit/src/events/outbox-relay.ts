import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { NoRespondersError } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EventEnvelope } from '@runpledge/contracts';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { PollingRelay, type PollingRelayOptions } from '../database/polling-relay.js';
import { eventSubject, subjectPrefix } from '../messaging/subject.js';
import { carrierToNatsHeaders } from '../telemetry/trace-context.js';
import { OUTBOX_BROADCAST_PREFIX } from './event-outbox.js';
import { ensureEventStream } from './jetstream.js';
import { OutboxMessage } from './outbox-message.entity.js';

export interface OutboxRelayOptions extends PollingRelayOptions {
  prefix?: string;
}

/**
 * Publishes committed outbox rows to JetStream, oldest first. Rows are locked with SKIP LOCKED so
 * several replicas relay side by side; the event id is the JetStream message id, so a crash after
 * publishing but before marking the row only yields a duplicate the stream drops.
 * Broadcast rows (recordBroadcast) go out as they are on their own subject: stored by the stream that
 * captures it, or, when none does, heard by core subscribers only (as a plain publish would be).
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
        if (row.type.startsWith(OUTBOX_BROADCAST_PREFIX)) {
          await this.publishBroadcast(row);
          published.push(row.id);
          continue;
        }
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

  private async publishBroadcast(row: OutboxMessage): Promise<void> {
    const subject = `${this.prefix}${row.type.slice(OUTBOX_BROADCAST_PREFIX.length)}`;
    const data = JSON.stringify(row.payload);
    const headers = carrierToNatsHeaders(row.traceContext);
    try {
      await this.js.publish(subject, data, { msgID: row.id, headers });
    } catch (err) {
      // No stream captures the subject: the subscribers still hear it; nothing could store it.
      if (!isNoStream(err)) throw err;
      this.nc.publish(subject, data, { headers });
      await this.nc.flush();
    }
  }
}

/** JetStream's answer when no stream captures a subject: "not enabled", caused by no responders. */
function isNoStream(err: unknown): boolean {
  const cause = (err as { cause?: { isNoResponders?: () => boolean } } | null)?.cause;
  return err instanceof NoRespondersError || cause?.isNoResponders?.() === true;
}
