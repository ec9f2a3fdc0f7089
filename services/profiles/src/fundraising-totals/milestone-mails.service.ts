import { Inject, Injectable } from '@nestjs/common';
import { formatMoney } from '@runpledge/contracts';
import { LOGGER, Mailer } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { env } from '../config/env.js';
import type { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import { MilestonesRepository } from './milestones.repository.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One e-mail per milestone a page reached, never twice: each is taken from the table before sending. */
@Injectable()
export class MilestoneMailsService {
  constructor(
    private readonly milestones: MilestonesRepository,
    private readonly accounts: AccountsRepository,
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async sendPending(page: RunnerProfileEntity): Promise<number[]> {
    // Usually nothing is pending: one statement, and the owner's address is read only when needed.
    const taken = await this.milestones.takeUnmailed(page.id);
    if (taken.length === 0) return [];
    const account = await this.accounts.findByUserId(page.userId);
    if (!account) {
      // No address yet: they wait for the next sync, as before.
      for (const milestone of taken) await this.milestones.releaseUnsent(page.id, milestone);
      return [];
    }
    const sent: number[] = [];
    for (const milestone of taken) {
      try {
        await this.mailer.send(this.mailFor(page, milestone, account.email));
        sent.push(milestone);
      } catch (err) {
        await this.milestones.releaseUnsent(page.id, milestone);
        this.logger.warn(
          { err, profileId: page.id, milestone },
          'milestone e-mail not sent; retried with the next sync',
        );
      }
    }
    return sent;
  }

  private mailFor(page: RunnerProfileEntity, milestone: number, to: string) {
    const link = `${env.PUBLIC_URL.replace(/\/$/, '')}/${page.urlSlug}`;
    const raised = formatMoney(page.fundsRaised, page.fundraisingCurrency);
    const goal = formatMoney(page.fundraisingGoal, page.fundraisingCurrency);
    const subject =
      milestone === 100
        ? `You reached your fundraising goal of ${goal}!`
        : `You are ${milestone}% of the way to your goal`;
    const text = `${page.name}, your page has raised ${raised} of its ${goal} goal: ${milestone}% there. Thank you for running for a cause.\n\n${link}`;
    const html = `<p>${escapeHtml(page.name)}, your page has raised <strong>${escapeHtml(raised)}</strong> of its ${escapeHtml(goal)} goal: ${milestone}% there.</p><p><a href="${escapeHtml(link)}">See your page</a></p>`;
    return { to, subject, text, html, link };
  }
}
