import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { IDENTITY_EVENTS } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { DomainEvents, eventStreamName, eventSubject, runMigrations } from '../src/index.js';
import { kitDataSourceOptions } from './support/kit-schema.js';

class CreateReceived1763800009999 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "evt_consumer"."received" ("user_id" uuid NOT NULL, "event_id" uuid NOT NULL)`,
    );
  }
  async down(): Promise<void> {}
}

const logger = pino({ level: 'silent' });
// Its own namespace, so no other test's events reach these consumers.
const prefix = `${(process.env.NATS_SUBJECT_PREFIX ?? 'local.').replace(/\.$/, '')}ev.`;

const options = (schema: string, migrations: (new () => MigrationInterface)[]) =>
  kitDataSourceOptions(schema, { poolSize: 3, migrations });

describe('domain events over JetStream with an outbox and deduplicating consumers', () => {
  let nc: NatsConnection;
  let producerDb: DataSource;
  let consumerDb: DataSource;
  let producer: DomainEvents;

  const receivedFor = async (userId: string): Promise<number> => {
    const rows: { n: string }[] = await consumerDb.query(
      'SELECT count(*) AS n FROM evt_consumer.received WHERE user_id = $1',
      [userId],
    );
    return Number(rows[0]!.n);
  };

  function startConsumer(): DomainEvents {
    const consumer = new DomainEvents('receiver', consumerDb, nc, logger, { prefix, pollIntervalMs: 100 });
    consumer.on(IDENTITY_EVENTS.userRegistered, async (payload, { manager, envelope }) => {
      await manager.query('INSERT INTO evt_consumer.received (user_id, event_id) VALUES ($1, $2)', [
        payload.userId,
        envelope.id,
      ]);
    });
    return consumer;
  }

  async function publish(userId: string): Promise<void> {
    await producer.transaction((manager) =>
      producer.record(manager, IDENTITY_EVENTS.userRegistered, {
        userId,
        email: `${userId}@example.com`,
        registeredAt: new Date().toISOString(),
      }),
    );
  }

  beforeAll(async () => {
    await runMigrations(options('evt_producer', []));
    await runMigrations(options('evt_consumer', [CreateReceived1763800009999]));
    producerDb = await new DataSource(options('evt_producer', [])).initialize();
    consumerDb = await new DataSource(options('evt_consumer', [])).initialize();
    nc = await connect({ servers: process.env.NATS_URL });
    producer = new DomainEvents('sender', producerDb, nc, logger, { prefix, pollIntervalMs: 100 });
    await producer.start();
  });

  afterAll(async () => {
    await producer.stop();
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(eventStreamName(prefix)).catch(() => false);
    await nc.close();
    await producerDb.destroy();
    await consumerDb.destroy();
  });

  it('delivers an event published while the consumer was stopped once it is back, exactly once', async () => {
    const consumer = startConsumer();
    await consumer.start();
    const before = randomUUID();
    await publish(before);
    await eventually(async () => expect(await receivedFor(before)).toBe(1));
    await consumer.stop();

    const whileDown = randomUUID();
    await publish(whileDown);
    // Committed and relayed to the stream while nobody consumes it.
    await eventually(async () => {
      const rows: { published_at: Date | null }[] = await producerDb.query(
        `SELECT published_at FROM evt_producer.outbox WHERE payload->>'userId' = $1`,
        [whileDown],
      );
      expect(rows[0]?.published_at).toBeTruthy();
    });
    expect(await receivedFor(whileDown)).toBe(0);

    const restarted = startConsumer();
    await restarted.start();
    await eventually(async () => expect(await receivedFor(whileDown)).toBe(1));
    // Give a redelivery the chance to show up before checking nothing ran twice.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await receivedFor(whileDown)).toBe(1);
    expect(await receivedFor(before)).toBe(1);
    await restarted.stop();
  });

  it('handles a redelivered event id once, whatever the stream lets through', async () => {
    const consumer = startConsumer();
    await consumer.start();
    const userId = randomUUID();
    const envelope = {
      id: randomUUID(),
      type: IDENTITY_EVENTS.userRegistered.type,
      occurredAt: new Date().toISOString(),
      payload: { userId, email: 'dup@example.com', registeredAt: new Date().toISOString() },
    };
    const { jetstream } = await import('@nats-io/jetstream');
    const js = jetstream(nc);
    const subject = eventSubject(envelope.type, prefix);
    // Two copies with different message ids, as after the stream's duplicate window has passed.
    await js.publish(subject, JSON.stringify(envelope), { msgID: `${envelope.id}-a` });
    await js.publish(subject, JSON.stringify(envelope), { msgID: `${envelope.id}-b` });
    await eventually(async () => expect(await receivedFor(userId)).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await receivedFor(userId)).toBe(1);
    await consumer.stop();
  });

  it('keeps an event recorded while NATS publishing is stopped and relays it later', async () => {
    await producer.stop();
    const userId = randomUUID();
    await publish(userId);
    const pending: { n: string }[] = await producerDb.query(
      `SELECT count(*) AS n FROM evt_producer.outbox WHERE published_at IS NULL AND payload->>'userId' = $1`,
      [userId],
    );
    expect(Number(pending[0]!.n)).toBe(1);

    const consumer = startConsumer();
    await consumer.start();
    await producer.start();
    await eventually(async () => expect(await receivedFor(userId)).toBe(1));
    await consumer.stop();
  });

  it('rolls the event back with the transaction that failed', async () => {
    const userId = randomUUID();
    await expect(
      producer.transaction(async (manager) => {
        await producer.record(manager, IDENTITY_EVENTS.userRegistered, {
          userId,
          email: 'rollback@example.com',
          registeredAt: new Date().toISOString(),
        });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const rows: { n: string }[] = await producerDb.query(
      `SELECT count(*) AS n FROM evt_producer.outbox WHERE payload->>'userId' = $1`,
      [userId],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
