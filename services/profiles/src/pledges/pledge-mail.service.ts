import { Inject, Injectable } from '@nestjs/common';
import { buildDonationUrl } from '@runpledge/contracts';
import { LOGGER, newSecretToken, type OutgoingMail } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { env } from '../config/env.js';
import { OptOutMailer } from '../mail-suppression/opt-out-mailer.js';
import type { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import { donateAmount, pledgeConfirmationMail, pledgeDueMail, type PledgeLinks } from './pledge-mail.js';
import type { PledgeMailKind } from './pledge-jobs.queue.js';
import { PledgesRepository, type PledgeRow } from './pledges.repository.js';
import { RaceDayRepository } from '../race-day/race-day.repository.js';

/** Mails of one job being written at once. */
const SENDING_AT_ONCE = 8;

const link = (path: string, token: string): string => {
  const url = new URL(path, env.PUBLIC_URL);
  url.searchParams.set('token', token);
  return url.toString();
};

/**
 * Sends one kind of mail to the supporters of a batch of pledges. Each pledge is claimed for the
 * mail (and given a fresh token's hash) in one statement that commits before any mail goes, so the
 * links work the moment a mail arrives; a send that fails gives its claim back and the job is retried
 * for those only; a redelivered job finds its mails claimed and sends nothing: never two of one mail.
 */
@Injectable()
export class PledgeMailService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pledges: PledgesRepository,
    private readonly mailer: OptOutMailer,
    private readonly raceDay: RaceDayRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** How many mails went. */
  async send(pledgeIds: string[], kind: PledgeMailKind, now = new Date()): Promise<number> {
    const tokens = new Map<string, { own: string; confirm: string }>();
    const claims = pledgeIds.map((id) => {
      const own = newSecretToken();
      const confirm = newSecretToken();
      tokens.set(id, { own: own.token, confirm: confirm.token });
      return { id, hash: own.hash, confirmHash: confirm.hash };
    });
    const rows = await this.pledges.claimMails(claims, kind, now);
    const pages = new Map<string, RunnerProfileEntity | null>();
    const finishes = new Map<string, number | null>();
    for (const row of rows)
      if (!pages.has(row.runnerProfileId)) {
        pages.set(
          row.runnerProfileId,
          (await this.pledges.findPage(this.dataSource.manager, row.runnerProfileId))?.page ?? null,
        );
        // A finish made the pledges fall due: its mail gives the time too (one mail, not two).
        const result = kind === 'due' ? await this.raceDay.result(this.dataSource.manager, row.runnerProfileId) : null;
        finishes.set(row.runnerProfileId, result?.status === 'finished' ? result.finishSeconds : null);
      }
    let sent = 0;
    const failed: unknown[] = [];
    const queue = [...rows];
    const sender = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const page = pages.get(row.runnerProfileId);
        if (!page) continue;
        try {
          // An inbox on the suppression list keeps its claim unsent: the mail is never tried again.
          const mail = this.mailOf(kind, row, page, tokens.get(row.id)!, finishes.get(row.runnerProfileId) ?? null);
          if (await this.mailer.send(mail, row.hash)) sent += 1;
        } catch (err) {
          failed.push(err);
          await this.pledges.unclaimMail(row.id, kind, row.hash);
        }
      }
    };
    await Promise.all(Array.from({ length: SENDING_AT_ONCE }, sender));
    if (failed.length > 0) {
      this.logger.warn({ kind, failed: failed.length, sent, err: failed[0] }, 'pledge mails not sent; retried');
      throw failed[0];
    }
    return sent;
  }

  private mailOf(
    kind: PledgeMailKind,
    row: PledgeRow & { email: string },
    page: RunnerProfileEntity,
    tokens: { own: string; confirm: string },
    finishSeconds: number | null,
  ): OutgoingMail {
    const links: PledgeLinks = {
      paidUrl: link(`/pledges/${row.id}/paid`, tokens.own),
      cancelUrl: link(`/pledges/${row.id}/cancel`, tokens.own),
      unsubscribeUrl: link(`/pledges/${row.id}/unsubscribe`, tokens.own),
    };
    const facts = {
      pledgeId: row.id,
      to: row.email,
      supporterName: row.name,
      runnerName: page.name,
      pageUrl: new URL(`/${page.urlSlug}`, env.PUBLIC_URL).toString(),
      ratePerUnit: row.ratePerUnit,
      unit: row.unit,
      cap: row.cap,
      counts: row.counts,
      currency: row.currency,
      links,
    };
    if (kind === 'confirm') return pledgeConfirmationMail(facts, link('/pledges/confirm', tokens.confirm));
    const earned = row.earned ?? 0;
    return pledgeDueMail(facts, {
      earned,
      distanceCounted: row.distanceCounted ?? 0,
      donateUrl: buildDonationUrl(page, donateAmount(earned, row.currency, page.fundraisingCurrency)),
      reminder: kind === 'due' ? 0 : kind === 'reminder-1' ? 1 : 2,
      finishSeconds,
    });
  }
}
