import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  ErrorCode,
  FITNESS_DISTANCE,
  distanceByDayResponseSchema,
  type DistanceByDayQuery,
  type DistanceByDayResponse,
} from '@runpledge/contracts';
import { NATS_CONNECTION, rpcSubject, ServiceException } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';

/** How long the worker waits for fitness when seeding a runner's ledger; the next pass tries again. */
const FITNESS_TIMEOUT_MS = 10_000;

export const FITNESS_UNAVAILABLE = 'Distances are temporarily unavailable. Please try again in a few seconds.';

/**
 * Asks fitness for a runner's running distance per day with the version it was read at (the one
 * request profiles sends another service: `SERVICE_REQUESTS`), in the format Nest's NATS transport
 * speaks. Only the worker asks, once per runner, to seed the run ledger (decision 0021): no read of
 * pledges waits for fitness. No answer in time, or no fitness at all, is a 503.
 */
@Injectable()
export class FitnessDistanceClient {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async byDay(query: DistanceByDayQuery, timeoutMs = FITNESS_TIMEOUT_MS): Promise<DistanceByDayResponse> {
    const subject = rpcSubject(FITNESS_DISTANCE.byDay);
    let reply: { response?: unknown; err?: unknown };
    try {
      const msg = await this.nc.request(subject, JSON.stringify({ pattern: subject, data: query, id: randomUUID() }), {
        timeout: timeoutMs,
      });
      reply = msg.json();
    } catch {
      throw new ServiceException(ErrorCode.ServiceUnavailable, FITNESS_UNAVAILABLE);
    }
    if (reply.err !== undefined && reply.err !== null)
      throw new ServiceException(ErrorCode.ServiceUnavailable, FITNESS_UNAVAILABLE);
    return distanceByDayResponseSchema.parse(reply.response);
  }
}
