import type { NatsConnection } from '@nats-io/transport-node';
import type { EventDefinition, EventEnvelope } from '@runpledge/contracts';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { EventConsumer, type EventConsumerOptions, type EventHandler } from './event-consumer.js';
import { recordEvent } from './event-outbox.js';
import { EventTablePruner, type EventTablePrunerOptions } from './event-table-pruner.js';
import { OutboxRelay, type OutboxRelayOptions } from './outbox-relay.js';

/** A service's whole view of domain events: publish inside a transaction, consume durably. */
export class DomainEvents {
  readonly consumer: EventConsumer;
  readonly relay: OutboxRelay;
  /** Prunes the outbox and processed-event tables hourly (one replica at a time). */
  readonly pruner: EventTablePruner;

  constructor(
    service: string,
    private readonly dataSource: DataSource,
    nc: NatsConnection,
    logger: Logger,
    options: OutboxRelayOptions & EventConsumerOptions & EventTablePrunerOptions = {},
  ) {
    this.consumer = new EventConsumer(service, dataSource, nc, logger, options.prefix, options);
    this.relay = new OutboxRelay(dataSource, nc, logger, options);
    this.pruner = new EventTablePruner(dataSource, logger, options);
  }

  on<TPayload>(definition: EventDefinition<TPayload>, handler: EventHandler<TPayload>): void {
    this.consumer.on(definition, handler);
  }

  /** Runs `work` in a transaction; events it records are relayed as soon as it commits. */
  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.dataSource.transaction(work);
    this.relay.kick();
    return result;
  }

  record<TPayload>(
    manager: EntityManager,
    definition: EventDefinition<TPayload>,
    payload: TPayload,
  ): Promise<EventEnvelope<TPayload>> {
    return recordEvent(manager, definition, payload);
  }

  async start(): Promise<void> {
    this.relay.start();
    this.pruner.start();
    await this.consumer.start();
  }

  async stop(): Promise<void> {
    await this.consumer.stop();
    await this.pruner.stop();
    await this.relay.stop();
  }
}
