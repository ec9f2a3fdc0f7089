import { Inject, Injectable } from '@nestjs/common';
import {
  LOGGER,
  Mailer,
  OptOutMailer as SuppressionAwareMailer,
  newStopLink as stopLinkUnder,
} from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { MailSuppressionRepository } from './mail-suppression.repository.js';

/** A new link to the "no more mail" page, for a mail that has no link of its own to land there. */
export function newStopLink(): { url: string; hash: string } {
  return stopLinkUnder(env.PUBLIC_URL);
}

/** server-kit's OptOutMailer over profiles' own suppression list and stop links. */
@Injectable()
export class OptOutMailer extends SuppressionAwareMailer {
  constructor(mailer: Mailer, list: MailSuppressionRepository, @Inject(LOGGER) logger: Logger) {
    super(mailer, list, logger);
  }
}
