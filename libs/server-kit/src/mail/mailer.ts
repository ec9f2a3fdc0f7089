import { Inject, Injectable } from '@nestjs/common';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { z } from 'zod';
import { LOGGER } from '../bootstrap/service-core.module.js';
import { baseEnvSchema, parseEnv } from '../config/env.js';

/** Mail settings; a service that sends mail extends its env schema with these so they are checked at start. */
export const mailEnvSchema = z.object({
  /** smtp(s)://user:pass@host:port; unset: mails go to OUTBOX_DIR. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('RunPledge <no-reply@runpledge.local>'),
  OUTBOX_DIR: z.string().default(fileURLToPath(new URL('../../../../.runtime/outbox', import.meta.url))),
});

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about: logged outside production so a developer can click it. */
  link?: string;
  /** A fixed Message-ID (`<…@…>`) for a mail that must be recognisable if it is ever sent again. */
  messageId?: string;
}

/** Sends through SMTP when SMTP_URL is set; otherwise writes each message to the outbox folder. */
@Injectable()
export class Mailer {
  private readonly env = parseEnv(baseEnvSchema.pick({ NODE_ENV: true }).extend(mailEnvSchema.shape));
  private readonly transport: Transporter;

  constructor(@Inject(LOGGER) private readonly logger: Logger) {
    this.transport = this.env.SMTP_URL
      ? nodemailer.createTransport(this.env.SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.env.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
    });
    if (this.env.SMTP_URL) return;
    mkdirSync(this.env.OUTBOX_DIR, { recursive: true });
    const file = join(this.env.OUTBOX_DIR, `${Date.now()}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`);
    writeFileSync(file, (info as unknown as { message: Buffer }).message);
    if (this.env.NODE_ENV !== 'production')
      this.logger.info({ to: mail.to, file, link: mail.link }, `mail written to the outbox: ${mail.subject}`);
  }
}
