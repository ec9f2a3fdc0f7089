import { Inject, Injectable } from '@nestjs/common';
import { inboxHash, LOGGER, Mailer, newSecretToken, type OutgoingMail } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { MailSuppressionRepository } from './mail-suppression.repository.js';

/** A new link to the "no more mail" page, for a mail that has no link of its own to land there. */
export function newStopLink(): { url: string; hash: string } {
  const { token, hash } = newSecretToken();
  const url = new URL('/mail/stop', env.PUBLIC_URL);
  url.searchParams.set('token', token);
  return { url: url.toString(), hash };
}

/**
 * The one way pledge, follower and team mails leave profiles: nothing goes to an inbox on the
 * suppression list, and every mail that goes records its link token so that link can put the
 * inbox on the list. Account mails (sign-up, password) do not go through here.
 */
@Injectable()
export class OptOutMailer {
  constructor(
    private readonly mailer: Mailer,
    private readonly list: MailSuppressionRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** False when the inbox asked for no more mail (nothing sent). */
  async send(mail: OutgoingMail, stopTokenHash: string): Promise<boolean> {
    const inbox = inboxHash(mail.to);
    if (await this.list.isSuppressed(inbox)) {
      this.logger.info({ subject: mail.subject }, 'mail not sent: the inbox asked for no more mail');
      return false;
    }
    await this.list.recordLink(stopTokenHash, inbox);
    await this.mailer.send(mail);
    return true;
  }
}
