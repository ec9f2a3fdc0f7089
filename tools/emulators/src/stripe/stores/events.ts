/** Events: what happened to the account, each with a snapshot of the object at that moment. */
import { prefixedId } from '../../common/ids.js';
import type { StripeEvent, StripeEventType } from '../objects/events.js';
import { EMULATED_API_VERSION } from '../objects/shared.js';
import { Store, type Account } from './store.js';

/** The API request that caused an event (`request.id`, `request.idempotency_key`). */
export interface RequestInfo {
  id: string | null;
  idempotencyKey: string | null;
}

export const NO_REQUEST: RequestInfo = { id: null, idempotencyKey: null };

export class Events extends Store<StripeEvent> {
  constructor(private readonly account: Account) {
    super('event');
  }

  /** Records an event with a snapshot of the object as it is now. */
  record(
    type: StripeEventType,
    object: unknown,
    previousAttributes?: Record<string, unknown>,
    request: RequestInfo = NO_REQUEST,
  ): StripeEvent {
    const event: StripeEvent = {
      id: prefixedId('evt_', 24),
      object: 'event',
      api_version: EMULATED_API_VERSION,
      created: this.account.now(),
      data: previousAttributes
        ? { object: structuredClone(object), previous_attributes: previousAttributes }
        : { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    };
    this.set(event.id, event);
    return event;
  }
}

/** `previous_attributes`: the old values of the top-level fields that changed. */
export function changedAttributes(before: object, after: object): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  for (const key of Object.keys(now)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) changes[key] = old[key];
  }
  return changes;
}
