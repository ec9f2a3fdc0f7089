import { AckPolicy, DeliverPolicy, jetstream, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  EVENT_CONSUMPTION,
  eventEnvelopeSchema,
  type EventDefinition,
  type EventEnvelope,
  type ServiceName,
} from '@runpledge/contracts';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { consumerDurableName, eventStreamName, eventSubject, subjectPrefix } from '../messaging/subject.js';
import { ensureDeadLetterStream, parkDeadLetter } from './dead-letters.js';
import { ensureEventStream } from './jetstream.js';
import { ProcessedEvent } from './processed-event.entity.js';
import { eventConsumerPending, eventDeliveries, eventRedeliveries } from '../metrics/metrics.js';
import { continueTrace, natsHeadersToCarrier, SpanKind } from '../telemetry/trace-context.js';

export interface EventContext {
  /** The transaction that also records the event as processed: write through it. */
  manager: EntityManager;
  envelope: EventEnvelope;
}
export type EventHandler<TPayload> = (payload: TPayload, context: EventContext) => Promise<void>;

export interface EventConsumerOptions {
  /** Deliveries of one event before it is parked in the dead-letter stream (max_deliver). */
  maxDeliveries?: number;
  /** Wait before a failed event is delivered again. */
  retryDelayMs?: number;
}

/**
 * The event types a service handles that `EVENT_CONSUMPTION` (libs/contracts) does not list for it.
 * NATS permissions are built from that list, so where they are on (production) NATS would refuse
 * these consumers; other consumer names (tests, tools) are not checked.
 */
export function undeclaredConsumption(service: string, handledTypes: readonly string[]): string[] {
  if (!Object.hasOwn(EVENT_CONSUMPTION, service)) return [];
  const declared = EVENT_CONSUMPTION[service as ServiceName];
  return handledTypes.filter((type) => !declared.includes(type));
}

interface Registration {
  definition: EventDefinition<unknown>;
  handler: EventHandler<unknown>;
}

/**
 * A service's durable JetStream consumer. Each event is handled in one database transaction that
 * also inserts its id into `processed_events`; a redelivered event finds its id there and is only
 * acked. Ack comes after commit, so a crash mid-way means redelivery, never loss.
 */
export class EventConsumer {
  private readonly registrations = new Map<string, Registration>();
  private readonly subscriptions: { messages: ConsumerMessages; loop: Promise<void> }[] = [];

  constructor(
    private readonly service: string,
    private readonly dataSource: DataSource,
    private readonly nc: NatsConnection,
    private readonly logger: Logger,
    private readonly prefix = subjectPrefix(),
    options: EventConsumerOptions = {},
  ) {
    this.maxDeliveries = options.maxDeliveries ?? 5;
    this.retryDelayMs = options.retryDelayMs ?? 5000;
  }

  private readonly maxDeliveries: number;
  private readonly retryDelayMs: number;

  on<TPayload>(definition: EventDefinition<TPayload>, handler: EventHandler<TPayload>): void {
    this.registrations.set(definition.type, {
      definition: definition as EventDefinition<unknown>,
      handler: handler as EventHandler<unknown>,
    });
  }

  get handledTypes(): string[] {
    return [...this.registrations.keys()];
  }

  async start(): Promise<void> {
    if (this.registrations.size === 0 || this.subscriptions.length > 0) return;
    // Caught at start-up everywhere, rather than as a NATS permission error in production only.
    const undeclared = undeclaredConsumption(this.service, this.handledTypes);
    if (undeclared.length > 0)
      throw new Error(
        `${this.service} handles ${undeclared.join(', ')}, which EVENT_CONSUMPTION (libs/contracts nats-trust.ts) ` +
          'does not list for it: NATS would refuse the consumer where permissions are on. Add it there.',
      );
    const jsm = await ensureEventStream(this.nc, this.prefix);
    await ensureDeadLetterStream(this.nc, this.prefix);
    const stream = eventStreamName(this.prefix);
    // One durable consumer per event type: `filter_subject` works on every JetStream server
    // (`filter_subjects` needs 2.10), and each type keeps its own position.
    for (const type of this.handledTypes) {
      const durable = consumerDurableName(this.service, type, this.prefix);
      const existing = await jsm.consumers.info(stream, durable).catch(() => undefined);
      // One delivery more than the handler gets: the last one parks the event rather than losing it.
      const maxDeliver = this.maxDeliveries + 1;
      if (!existing) {
        await jsm.consumers.add(stream, {
          durable_name: durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          filter_subject: eventSubject(type, this.prefix),
          ack_wait: 30 * 1_000_000_000,
          max_deliver: maxDeliver,
        });
      } else if (existing.config.max_deliver !== maxDeliver) {
        await jsm.consumers.update(stream, durable, { max_deliver: maxDeliver });
      }
      const consumer = await jetstream(this.nc).consumers.get(stream, durable);
      const messages = await consumer.consume({ max_messages: 64 });
      const loop = (async () => {
        for await (const msg of messages) await this.handle(msg);
      })().catch((err: unknown) => this.logger.error({ err, durable }, 'event consumer stopped'));
      this.subscriptions.push({ messages, loop });
    }
    this.logger.info({ types: this.handledTypes }, 'event consumers started');
  }

  /** Stops pulling; events being handled finish and are acked first. */
  async stop(): Promise<void> {
    const subscriptions = this.subscriptions.splice(0);
    await Promise.all(subscriptions.map(({ messages }) => messages.close()));
    await Promise.all(subscriptions.map(({ loop }) => loop));
  }

  /** In a consumer span continuing the trace (and request id) of the work that recorded the event. */
  private handle(msg: JsMsg): Promise<void> {
    return continueTrace(
      natsHeadersToCarrier(msg.headers),
      `${this.service} consume ${msg.subject.slice(this.prefix.length)}`,
      SpanKind.CONSUMER,
      {
        'messaging.system': 'nats',
        'messaging.destination.name': msg.subject,
        'messaging.consumer.group.name': this.service,
      },
      () => this.process(msg),
    );
  }

  private async process(msg: JsMsg): Promise<void> {
    let envelope: EventEnvelope;
    try {
      envelope = eventEnvelopeSchema.parse(msg.json()) as EventEnvelope;
    } catch (err) {
      this.logger.error({ err, subject: msg.subject }, 'malformed event dropped');
      eventDeliveries.inc({ type: 'unknown', outcome: 'malformed' });
      msg.term();
      return;
    }
    const registration = this.registrations.get(envelope.type);
    if (!registration) {
      msg.ack();
      return;
    }
    const type = envelope.type;
    eventConsumerPending.set({ type }, msg.info.pending);
    if (msg.info.deliveryCount > 1) eventRedeliveries.inc({ type });
    let outcome = 'handled';
    try {
      const payload = registration.definition.schema.parse(envelope.payload);
      await this.dataSource.transaction(async (manager) => {
        const table = manager.connection.getMetadata(ProcessedEvent).tablePath;
        const inserted: unknown[] = await manager.query(
          `INSERT INTO ${table} (event_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
          [envelope.id, envelope.type],
        );
        if (inserted.length === 0) {
          outcome = 'duplicate'; // handled before: only ack again
          return;
        }
        await registration.handler(payload, { manager, envelope });
      });
      msg.ack();
      eventDeliveries.inc({ type, outcome });
      this.logger.debug({ eventId: envelope.id, type, outcome }, 'event handled');
    } catch (err) {
      const deliveries = msg.info.deliveryCount;
      if (deliveries < this.maxDeliveries) {
        this.logger.error(
          { err, eventId: envelope.id, type: envelope.type, deliveries },
          'event handler failed; will retry',
        );
        msg.nak(this.retryDelayMs);
        eventDeliveries.inc({ type, outcome: 'retry' });
        return;
      }
      try {
        await parkDeadLetter(this.nc, msg, this.service, envelope.type, err, this.prefix);
        this.logger.error(
          { err, eventId: envelope.id, type: envelope.type, deliveries },
          'event handler failed on every delivery; parked in the dead-letter stream (npm run events:dlq -- list)',
        );
        msg.term();
        eventDeliveries.inc({ type, outcome: 'dead_letter' });
      } catch (parkErr) {
        // Not parked: leave it to the next delivery (max_deliver allows one more) rather than drop it.
        this.logger.error({ err: parkErr, eventId: envelope.id }, 'could not park a poison event; will retry');
        msg.nak(this.retryDelayMs);
      }
    }
  }
}
