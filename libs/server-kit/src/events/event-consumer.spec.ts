import { describe, expect, it } from '@jest/globals';
import type { NatsConnection } from '@nats-io/transport-node';
import { BILLING_EVENTS, EVENT_CONSUMPTION, IDENTITY_EVENTS, PROFILES_EVENTS } from '@runpledge/contracts';
import { pino } from 'pino';
import type { DataSource } from 'typeorm';
import { EventConsumer, undeclaredConsumption } from './event-consumer.js';

const logger = pino({ level: 'silent' });

describe('event consumption declared in EVENT_CONSUMPTION (the NATS permissions)', () => {
  it('names the types a service handles without declaring them', () => {
    expect(undeclaredConsumption('fitness', [...EVENT_CONSUMPTION.fitness])).toEqual([]);
    expect(
      undeclaredConsumption('fitness', [PROFILES_EVENTS.profileCreated.type, BILLING_EVENTS.subscriptionChanged.type]),
    ).toEqual([BILLING_EVENTS.subscriptionChanged.type]);
    // Consumers of tests and tools are no service: nothing to compare with.
    expect(undeclaredConsumption('receiver', [BILLING_EVENTS.subscriptionChanged.type])).toEqual([]);
    expect(undeclaredConsumption('toString', [BILLING_EVENTS.subscriptionChanged.type])).toEqual([]);
  });

  it('refuses to start a service consumer for an undeclared type, before it touches NATS', async () => {
    const consumer = new EventConsumer('billing', {} as DataSource, {} as NatsConnection, logger, 'test.');
    consumer.on(IDENTITY_EVENTS.userDeleted, async () => {});
    consumer.on(BILLING_EVENTS.subscriptionChanged, async () => {});
    await expect(consumer.start()).rejects.toThrow(
      `billing handles ${BILLING_EVENTS.subscriptionChanged.type}, which EVENT_CONSUMPTION`,
    );
  });
});
