import { Inject, Injectable } from '@nestjs/common';
import { COMMUNITY_EVENTS } from '@runpledge/contracts';
import { DomainEvents, LOGGER, Mailer, OptOutMailer, newStopLink } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { env } from '../config/env.js';
import { SuppressedInboxesRepository } from './suppressed-inboxes.repository.js';

/**
 * Community's mails go out through server-kit's OptOutMailer (decision 0016): never to an inbox on
 * community's copy of the suppression list, and each mail's "no more mail" link is told to profiles
 * (which answers that link) by an event recorded in the sending transaction.
 */
@Injectable()
export class CommunityMailer {
  constructor(
    private readonly mailer: Mailer,
    private readonly suppressed: SuppressedInboxesRepository,
    private readonly events: DomainEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  stopLink(): { url: string; hash: string } {
    return newStopLink(env.PUBLIC_URL);
  }

  /** The sender for one transaction (its link event commits with it). */
  within(manager: EntityManager): OptOutMailer {
    return new OptOutMailer(
      this.mailer,
      {
        isSuppressed: (inboxHash) => this.suppressed.has(manager, inboxHash),
        recordLink: async (tokenHash, inboxHash) => {
          await this.events.record(manager, COMMUNITY_EVENTS.mailStopLinkSent, { tokenHash, inboxHash });
        },
      },
      this.logger,
    );
  }
}
