import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '@runpledge/server-kit';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { env } from '../config/env.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about: logged outside production so a developer can click it. */
  link?: string;
}

/** Sends through SMTP when SMTP_URL is set; otherwise writes each message to the outbox folder. */
@Injectable()
export class Mailer {
  private readonly transport: Transporter;

  constructor(@Inject(LOGGER) private readonly logger: Logger) {
    this.transport = env.SMTP_URL
      ? nodemailer.createTransport(env.SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({
      from: env.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    if (env.SMTP_URL) return;
    mkdirSync(env.OUTBOX_DIR, { recursive: true });
    const file = join(env.OUTBOX_DIR, `${Date.now()}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`);
    writeFileSync(file, (info as unknown as { message: Buffer }).message);
    if (env.NODE_ENV !== 'production')
      this.logger.info({ to: mail.to, file, link: mail.link }, `mail written to the outbox: ${mail.subject}`);
  }
}
