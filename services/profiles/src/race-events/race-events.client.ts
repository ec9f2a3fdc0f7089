import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  COMMUNITY,
  ErrorCode,
  isRpcErrorPayload,
  resolvedEventSchema,
  type ResolveEventCommand,
  type ResolvedEvent,
} from '@runpledge/contracts';
import { NATS_CONNECTION, rpcSubject, ServiceException } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';

/** How long a page's save waits for the events directory. */
const COMMUNITY_TIMEOUT_MS = 3_000;

export const EVENTS_UNAVAILABLE = 'The marathon list is temporarily unavailable. Please try again in a few seconds.';

/**
 * Asks community's events directory for a page's event when the page is saved (`SERVICE_REQUESTS`):
 * the chosen one, or the one the typed name and date make. Its refusals (a race already run, an
 * unknown event) are the caller's 400; no answer in time is `null` for the caller to decide.
 */
@Injectable()
export class RaceEventsClient {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async resolve(command: ResolveEventCommand, timeoutMs = COMMUNITY_TIMEOUT_MS): Promise<ResolvedEvent | null> {
    const subject = rpcSubject(COMMUNITY.events.resolve);
    let reply: { response?: unknown; err?: unknown };
    try {
      const msg = await this.nc.request(
        subject,
        JSON.stringify({ pattern: subject, data: command, id: randomUUID() }),
        {
          timeout: timeoutMs,
        },
      );
      reply = msg.json();
    } catch {
      return null;
    }
    if (reply.err !== undefined && reply.err !== null) {
      if (
        isRpcErrorPayload(reply.err) &&
        (reply.err.code === ErrorCode.Validation || reply.err.code === ErrorCode.BadRequest)
      )
        throw ServiceException.badRequest(reply.err.message);
      return null;
    }
    return resolvedEventSchema.parse(reply.response);
  }

  /** As `resolve`, but a 503 when the directory does not answer (an event chosen by id cannot wait). */
  async resolveOrThrow(command: ResolveEventCommand): Promise<ResolvedEvent> {
    const resolved = await this.resolve(command);
    if (!resolved) throw new ServiceException(ErrorCode.ServiceUnavailable, EVENTS_UNAVAILABLE);
    return resolved;
  }
}
