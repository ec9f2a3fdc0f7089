import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { IDENTITY_EVENTS } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { DataSource } from 'typeorm';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import {
  EventConsumer,
  deadLetterStreamName,
  ensureEventStream,
  eventStreamName,
  eventSubject,
  listDeadLetters,
  replayDeadLetter,
} from '../src/index.js';
import { migrateKitSchema } from './support/kit-schema.js';

const logger = pino({ level: 'silent' });
const prefix = `${(process.env.NATS_SUBJECT_PREFIX ?? 'local.').replace(/\.$/, '')}dlq.`;
const MAX_DELIVERIES = 3;

/** Issue #13: a poison event is redelivered a bounded number of times, then parked where an operator can replay it. */
describe('dead-letter stream for poison events', () => {
  let nc: NatsConnection;
  let db: DataSource;
  let consumer: EventConsumer;
  let attempts = 0;
  let poisoned = true;
  const handled: string[] = [];

  beforeAll(async () => {
    db = await new DataSource(await migrateKitSchema('evt_poison')).initialize();
    nc = await connect({ servers: process.env.NATS_URL });
    await ensureEventStream(nc, prefix);
    consumer = new EventConsumer('poison', db, nc, logger, prefix, {
      maxDeliveries: MAX_DELIVERIES,
      retryDelayMs: 100,
    });
    consumer.on(IDENTITY_EVENTS.userRegistered, async (payload) => {
      attempts++;
      if (poisoned) throw new Error('cannot handle this one');
      handled.push(payload.userId);
    });
    await consumer.start();
  });

  afterAll(async () => {
    await consumer?.stop();
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(eventStreamName(prefix)).catch(() => false);
    await jsm.streams.delete(deadLetterStreamName(prefix)).catch(() => false);
    await nc?.close();
    await db?.destroy();
  });

  it('parks an event whose handler always throws after N deliveries, and replay delivers it again', async () => {
    const userId = randomUUID();
    const envelope = {
      id: randomUUID(),
      type: IDENTITY_EVENTS.userRegistered.type,
      occurredAt: new Date().toISOString(),
      payload: { userId, email: 'poison@example.com', registeredAt: new Date().toISOString() },
    };
    await jetstream(nc).publish(eventSubject(envelope.type, prefix), JSON.stringify(envelope), { msgID: envelope.id });

    const parked = await eventually(
      async () => {
        const letters = await listDeadLetters(nc, prefix);
        expect(letters).toHaveLength(1);
        return letters[0]!;
      },
      { timeoutMs: 15_000 },
    );
    expect(attempts).toBe(MAX_DELIVERIES);
    expect(parked).toMatchObject({
      service: 'poison',
      type: envelope.type,
      eventId: envelope.id,
      subject: eventSubject(envelope.type, prefix),
      deliveries: MAX_DELIVERIES,
      error: 'cannot handle this one',
    });
    // Bounded: no further delivery once parked.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(attempts).toBe(MAX_DELIVERIES);

    poisoned = false; // the operator fixed the cause
    await replayDeadLetter(nc, parked.seq, prefix);
    await eventually(() => expect(handled).toEqual([userId]), { timeoutMs: 10_000 });
    expect(await listDeadLetters(nc, prefix)).toEqual([]);
  });
});
