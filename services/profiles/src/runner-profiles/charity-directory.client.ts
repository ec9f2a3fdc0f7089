import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  CHARITIES,
  CHARITIES_UNAVAILABLE,
  CHARITY_NOT_LISTED,
  ErrorCode,
  charityLookupResponseSchema,
} from '@runpledge/contracts';
import { NATS_CONNECTION, rpcSubject, ServiceException } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';

/** How long a page's save waits for community's directory before answering 503. */
const COMMUNITY_TIMEOUT_MS = 3_000;

export interface ListedCharity {
  id: string;
  slug: string;
  name: string;
}

/**
 * Asks community's directory for the charity a page is to name (`SERVICE_REQUESTS`): a page names only
 * a listed charity, and takes its name and address. Unknown: 400; community away: a fast 503.
 */
@Injectable()
export class CharityDirectoryClient {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async listed(charityId: string): Promise<ListedCharity> {
    const subject = rpcSubject(CHARITIES.lookup);
    let reply: { response?: unknown; err?: unknown };
    try {
      const msg = await this.nc.request(
        subject,
        JSON.stringify({ pattern: subject, data: { charityId }, id: randomUUID() }),
        { timeout: COMMUNITY_TIMEOUT_MS },
      );
      reply = msg.json();
    } catch {
      throw new ServiceException(ErrorCode.ServiceUnavailable, CHARITIES_UNAVAILABLE);
    }
    if (reply.err !== undefined && reply.err !== null)
      throw new ServiceException(ErrorCode.ServiceUnavailable, CHARITIES_UNAVAILABLE);
    const { charity } = charityLookupResponseSchema.parse(reply.response);
    if (!charity) throw ServiceException.badRequest(CHARITY_NOT_LISTED);
    return charity;
  }
}
