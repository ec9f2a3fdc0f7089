import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { ErrorCode, SPONSORSHIP_MESSAGES } from '@runpledge/contracts';
import { NATS_CONNECTION, rpcSubject, ServiceException } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/** How long billing waits for community's answer before a 503. */
const COMMUNITY_TIMEOUT_MS = 3_000;

export const CHARITIES_ACCESS = 'charities.access';

export const charityAccessQuerySchema = z.object({
  charityId: z.uuid(),
  userId: z.uuid(),
  runnerProfileId: z.uuid().optional(),
});
export type CharityAccessQuery = z.infer<typeof charityAccessQuerySchema>;

export const charityAccessSchema = z.object({
  role: z.enum(['admin', 'staff']).nullable(),
  page: z.object({ userId: z.uuid(), namesCharity: z.boolean() }).nullable(),
});
export type CharityAccess = z.infer<typeof charityAccessSchema>;

/**
 * Asks community who the caller is to a charity and whether a page names it (community owns
 * charities and pages' charity; `SERVICE_REQUESTS` lets billing ask). No answer in time is a 503.
 */
@Injectable()
export class CharityAccessClient {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async access(query: CharityAccessQuery): Promise<CharityAccess> {
    const subject = rpcSubject(CHARITIES_ACCESS);
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
    const parsed = charityAccessSchema.safeParse(reply.response);
    if (!parsed.success) throw unavailable();
    return parsed.data;
  }

  /** The caller must be an admin of the charity: else a 404 for a stranger, a 403 for its staff. */
  async assertAdmin(charityId: string, userId: string, runnerProfileId?: string): Promise<CharityAccess> {
    const access = await this.access({ charityId, userId, ...(runnerProfileId ? { runnerProfileId } : {}) });
    if (access.role === null) throw ServiceException.notFound(SPONSORSHIP_MESSAGES.charityNotFound);
    if (access.role !== 'admin') throw ServiceException.forbidden(SPONSORSHIP_MESSAGES.notAdmin);
    return access;
  }
}
