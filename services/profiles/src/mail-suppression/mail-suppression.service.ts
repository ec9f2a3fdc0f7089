import { Injectable, type OnModuleInit } from '@nestjs/common';
import { COMMUNITY_EVENTS, MAIL_MESSAGES, PROFILES_EVENTS } from '@runpledge/contracts';
import { DomainEvents, hashToken, ServiceException } from '@runpledge/server-kit';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { MailSuppressionRepository } from './mail-suppression.repository.js';

/**
 * How long an unknown link waits for community's word of it (`community.mail.stop-link-sent`, relayed
 * after the mail's transaction): a captain may click a team mail's link the moment it arrives.
 */
const LINK_NEWS_WAIT_MS = 3_000;

/**
 * "No more mail from RunPledge to this address": the token of a pledge or team mail puts the inbox
 * it went to on the suppression list, and the list is announced (by hash) to any service that mails.
 */
@Injectable()
export class MailSuppressionService implements OnModuleInit {
  constructor(
    private readonly list: MailSuppressionRepository,
    private readonly events: DomainEvents,
    private readonly dataSource: DataSource,
  ) {}

  /** Another service's mail (community's team mails) carried a link: its token answers here too. */
  onModuleInit(): void {
    this.events.on(COMMUNITY_EVENTS.mailStopLinkSent, ({ tokenHash, inboxHash }, { manager }) =>
      this.list.recordLink(tokenHash, inboxHash, manager),
    );
  }

  /** Idempotent: a second click of the same or another link of that inbox answers the same. */
  async suppress(token: string): Promise<{ success: true }> {
    await this.awaitLink(hashToken(token));
    return this.events.transaction(async (manager) => {
      const inboxHash = await this.list.inboxOfLink(manager, hashToken(token));
      if (!inboxHash) throw ServiceException.badRequest(MAIL_MESSAGES.linkInvalid);
      if (await this.list.suppress(manager, inboxHash))
        await this.events.record(manager, PROFILES_EVENTS.inboxSuppressed, { inboxHash });
      return { success: true as const };
    });
  }

  /** Waits (bounded) until the link is known here; the answer comes from the transaction after. */
  private async awaitLink(tokenHash: string): Promise<void> {
    const deadline = Date.now() + LINK_NEWS_WAIT_MS;
    while (!(await this.list.inboxOfLink(this.dataSource.manager, tokenHash)) && Date.now() < deadline)
      await sleep(100);
  }
}
