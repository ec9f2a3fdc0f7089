import type { Logger } from 'pino';
import { inboxHash } from '../inbox/inbox-hash.js';
import { newSecretToken } from '../auth/secret-token.js';
import type { Mailer, OutgoingMail } from './mailer.js';

/**
 * A service's copy of the suppression list (decision 0016): whether an inbox asked for no more mail,
 * and where the "no more mail" link of a mail it sends is remembered (profiles keeps the links).
 */
export interface SuppressionList {
  isSuppressed(inboxHash: string): Promise<boolean>;
  recordLink(tokenHash: string, inboxHash: string): Promise<void>;
}

/** A new link to the "no more mail" page (under `publicUrl`), for a mail that has no link of its own to land there. */
export function newStopLink(publicUrl: string): { url: string; hash: string } {
  const { token, hash } = newSecretToken();
  const url = new URL('/mail/stop', publicUrl);
  url.searchParams.set('token', token);
  return { url: url.toString(), hash };
}

/**
 * The one way pledge, follower and team mails leave a service: nothing goes to an inbox on the
 * suppression list, and every mail that goes records its link token so that link can put the inbox
 * on the list. Account mails (sign-up, password) do not go through here.
 */
export class OptOutMailer {
  constructor(
    private readonly mailer: Pick<Mailer, 'send'>,
    private readonly list: SuppressionList,
    private readonly logger: Pick<Logger, 'info'>,
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
