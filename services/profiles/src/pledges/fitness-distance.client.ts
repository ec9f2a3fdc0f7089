import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  ErrorCode,
  FITNESS_DISTANCE,
  distanceByDayResponseSchema,
  type DistanceByDayQuery,
  type DistanceDay,
} from '@runpledge/contracts';
import { NATS_CONNECTION, rpcSubject, ServiceException } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import { env } from '../config/env.js';

/** How long a read waits for fitness: a page of pledges answers 503 fast rather than hang. */
const FITNESS_TIMEOUT_MS = env.PLEDGES_FITNESS_TIMEOUT_MS;

export const FITNESS_UNAVAILABLE = 'Distances are temporarily unavailable. Please try again in a few seconds.';

/**
 * Asks fitness for a runner's running distance per day (the one request profiles sends another
 * service: `SERVICE_REQUESTS`), in the format Nest's NATS transport speaks. No answer in time, or
 * no fitness at all, is a 503.
 */
@Injectable()
export class FitnessDistanceClient {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async byDay(query: DistanceByDayQuery, timeoutMs = FITNESS_TIMEOUT_MS): Promise<DistanceDay[]> {
    if (query.to < query.from) return [];
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
    return distanceByDayResponseSchema.parse(reply.response).days;
  }
}
