import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  CHARITY_ACCESS,
  charityAccessResponseSchema,
  ErrorCode,
  SPONSORSHIP_MESSAGES,
  type CharityAccessQuery,
  type CharityAccessResponse,
} from '@runpledge/contracts';
import { NATS_CONNECTION, rpcSubject, ServiceException } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';

/** How long billing waits for community's answer before a 503. */
const COMMUNITY_TIMEOUT_MS = 3_000;

/**
 * Asks community who the caller is to a charity and whether a page names it (community owns
 * charities and pages' charity; `SERVICE_REQUESTS` lets billing ask, decision 0024). No answer in time is a 503.
 */
@Injectable()
export class CharityAccessClient {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async access(query: CharityAccessQuery): Promise<CharityAccessResponse> {
    const subject = rpcSubject(CHARITY_ACCESS.access);
    const unavailable = () =>
      new ServiceException(ErrorCode.ServiceUnavailable, SPONSORSHIP_MESSAGES.communityUnavailable);
    let reply: { response?: unknown; err?: unknown };
    try {
      const msg = await this.nc.request(subject, JSON.stringify({ pattern: subject, data: query, id: randomUUID() }), {
        timeout: COMMUNITY_TIMEOUT_MS,
      });
      reply = msg.json();
    } catch {
      throw unavailable();
    }
    if (reply.err !== undefined && reply.err !== null) throw unavailable();
    const parsed = charityAccessResponseSchema.safeParse(reply.response);
    if (!parsed.success) throw unavailable();
    return parsed.data;
  }

  /** The caller must be an admin of the charity: else a 404 for a stranger, a 403 for its staff. */
  async assertAdmin(charityId: string, userId: string, runnerProfileId?: string): Promise<CharityAccessResponse> {
    const access = await this.access({ charityId, userId, ...(runnerProfileId ? { runnerProfileId } : {}) });
    if (access.role === null) throw ServiceException.notFound(SPONSORSHIP_MESSAGES.charityNotFound);
    if (access.role !== 'admin') throw ServiceException.forbidden(SPONSORSHIP_MESSAGES.notAdmin);
    return access;
  }
}
