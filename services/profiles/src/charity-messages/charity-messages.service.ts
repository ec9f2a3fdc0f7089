import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { COMMUNITY_EVENTS } from '@runpledge/contracts';
import { DomainEvents, LOGGER } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { AccountEntity } from '../accounts/account.entity.js';
import { env } from '../config/env.js';
import { newStopLink, OptOutMailer } from '../mail-suppression/opt-out-mailer.js';
import { charityMessageMail } from './charity-message-mail.js';

type Sent = z.infer<typeof COMMUNITY_EVENTS.charityMessageSent.schema>;

/**
 * Mails a charity's message to each runner it went to (community checked who may write and the
 * weekly limit): through the suppression list, with the one-click stop. Each mail has a fixed
 * Message-ID, so a redelivered event that sends again is recognisable as the same mail.
 */
@Injectable()
export class CharityMessagesService implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly mailer: OptOutMailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.events.on(COMMUNITY_EVENTS.charityMessageSent, async (payload, { manager }) => {
      await this.send(manager, payload);
    });
  }

  async send(manager: EntityManager, sent: Sent): Promise<number> {
    const charityUrl = new URL(`/charities/${sent.charity.slug}`, env.PUBLIC_URL).toString();
    let mailed = 0;
    for (const recipient of sent.recipients) {
      const account = await manager.findOneBy(AccountEntity, { userId: recipient.userId });
      if (!account) {
        this.logger.warn({ userId: recipient.userId }, 'charity message: no e-mail address known for the runner');
        continue;
      }
      const stop = newStopLink();
      const mail = charityMessageMail(
        account.email,
        sent,
        { profileId: recipient.profileId, name: recipient.pageName },
        charityUrl,
        stop.url,
      );
      if (await this.mailer.send(mail, stop.hash)) mailed += 1;
    }
    return mailed;
  }
}
