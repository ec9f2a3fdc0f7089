import { randomUUID } from 'node:crypto';
import type { EventDefinition, EventEnvelope } from '@runpledge/contracts';
import type { EntityManager } from 'typeorm';
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

/**
 * When an account is deleted: drops the service's already-published events about the user (their
 * payloads may carry personal data such as an e-mail). Unpublished ones stay for the relay.
 */
export async function forgetPublishedEventsOf(manager: EntityManager, userId: string): Promise<void> {
  const table = manager.connection.getMetadata(OutboxMessage).tablePath;
  await manager.query(`DELETE FROM ${table} WHERE published_at IS NOT NULL AND payload->>'userId' = $1`, [userId]);
}
