import { randomUUID } from 'node:crypto';
import type { EventDefinition, EventEnvelope } from '@runpledge/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { currentTraceCarrier } from '../telemetry/trace-context.js';
import { OutboxMessage } from './outbox-message.entity.js';

/** Records a domain event inside the caller's transaction; the relay publishes it after commit. */
export async function recordEvent<TPayload>(
  manager: EntityManager,
  definition: EventDefinition<TPayload>,
  payload: TPayload,
): Promise<EventEnvelope<TPayload>> {
  const parsed = definition.schema.parse(payload);
  const traceContext = currentTraceCarrier();
  const envelope: EventEnvelope<TPayload> = {
    id: randomUUID(),
    type: definition.type,
    occurredAt: new Date().toISOString(),
    payload: parsed,
  };
  await manager.insert(OutboxMessage, {
    id: envelope.id,
    type: envelope.type,
    payload: envelope.payload as object,
    occurredAt: new Date(envelope.occurredAt),
    // The consumers continue the trace (and request id) of the work that recorded the event.
    traceContext: Object.keys(traceContext).length > 0 ? traceContext : null,
    publishedAt: null,
  });
  return envelope;
}

/** Outbox rows of this type prefix are broadcasts (OutboxRelay publishes their payload as it is, on its subject). */
export const OUTBOX_BROADCAST_PREFIX = 'broadcast:';

/**
 * Records, inside the caller's transaction, a broadcast on `subject` (a core NATS subject without the
 * run's prefix, e.g. identity's session revocations): every subscriber hears it, and a stream that
 * captures the subject stores it. The caller may publish it at once after commit and mark it done
 * (`markOutboxRowPublished`); if that fails, the relay publishes it once NATS is back.
 */
export async function recordBroadcast(manager: EntityManager, subject: string, payload: object): Promise<string> {
  const id = randomUUID();
  const traceContext = currentTraceCarrier();
  await manager.insert(OutboxMessage, {
    id,
    type: `${OUTBOX_BROADCAST_PREFIX}${subject}`,
    payload,
    occurredAt: new Date(),
    traceContext: Object.keys(traceContext).length > 0 ? traceContext : null,
    publishedAt: null,
  });
  return id;
}

/** Marks an outbox row published (its sender published it itself); false when the relay already had. */
export async function markOutboxRowPublished(dataSource: DataSource, id: string): Promise<boolean> {
  const table = dataSource.getMetadata(OutboxMessage).tablePath;
  const [, affected] = (await dataSource.query(
    `UPDATE ${table} SET published_at = now() WHERE id = $1 AND published_at IS NULL`,
    [id],
  )) as [unknown, number];
  return affected > 0;
}

/**
 * When an account is deleted: drops the service's already-published events about the user (their
 * payloads may carry personal data such as an e-mail). Unpublished ones stay for the relay.
 */
export async function forgetPublishedEventsOf(manager: EntityManager, userId: string): Promise<void> {
  const table = manager.connection.getMetadata(OutboxMessage).tablePath;
  await manager.query(`DELETE FROM ${table} WHERE published_at IS NOT NULL AND payload->>'userId' = $1`, [userId]);
}
